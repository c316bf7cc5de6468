import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { digestMetrics } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { readInput } from "../input";
import type { CliIo } from "../io";
import { metricDigestOutput, type MetricDigestData } from "./metric-digest-output";
import type { metricDigest as metricDigestCommand } from "../commands/metric-digest";
import type { OptionsOfCommand } from "../definition/define-command";

async function readBaseline(io: CliIo, path: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new TsiftError("not_found", `cannot read the baseline: ${path} does not exist`);
    if (code === "EISDIR") throw new TsiftError("invalid_input", `cannot read the baseline: ${path} is not a file`);
    throw new TsiftError("io_error", `cannot read the baseline ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** `tsift metric-digest`: the runs (file or stdin) and the baseline digested; `--gate` turns a failed verdict into exit 1. */
export async function runMetricDigest(io: CliIo, flags: OptionsOfCommand<typeof metricDigestCommand>): Promise<CommandResult<MetricDigestData>> {
  if (flags.input !== undefined && flags.file !== undefined) throw new TsiftError("usage", "give the metric runs once: as FILE or as --input, not both");
  const source = flags.input ?? flags.file;
  const text = (await readInput(io, source, "metric runs")).toString("utf8");
  const baseline = flags.baseline === undefined ? undefined : await readBaseline(io, flags.baseline);
  const digest = digestMetrics(text, {
    ...(baseline === undefined ? {} : { baseline }),
    ...(flags.metrics?.length ? { metrics: flags.metrics } : {}),
    lowerIsBetter: flags.lowerIsBetter ?? [],
    higherIsBetter: flags.higherIsBetter ?? [],
    gate: flags.gate,
    thresholdPct: flags.threshold,
    limit: flags.limit,
  });
  const data: MetricDigestData = { input: source ?? null, baseline_file: flags.baseline ?? null, ...digest };
  const failed = flags.gate && digest.gate.status === "fail";
  return commandResult(data, metricDigestOutput, {
    ...(failed ? { exitCode: EXIT_CODES.checkFailed } : {}),
    ...(failed ? { notes: [`tsift: metric gate failed: ${digest.gate.failures.map((failure) => `${failure.metric} ${failure.reason}`).join("; ")}`] } : {}),
  });
}
