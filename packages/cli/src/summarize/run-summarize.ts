import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { extractSummaries, hasSummaries, readFileSummaries, readSummaryStats, readSymbolSummary, SUMMARIZE_EXTRACT_COMMAND } from "@tsift/index/summaries";
import { commandResult, type CommandResult } from "../command-result";
import { resolveReadTarget } from "../graph-cmd/read-index";
import { withReadIndex } from "../graph-cmd/with-read-index";
import type { CliIo } from "../io";
import { extractOutput, fileSummaryOutput, statsOutput, symbolSummaryOutput } from "./summarize-output";
import type { summarize as summarizeCommand } from "../commands/summarize";
import type { OptionsOfCommand } from "../definition/define-command";

function usage(message: string): TsiftError {
  return new TsiftError("usage", message, { hint: "tsift summarize --help" });
}

/** Reads never build the cache (or the index): with no summaries.db they stop here, exit 4. */
function requireCache(io: CliIo, flags: OptionsOfCommand<typeof summarizeCommand>): string {
  const { root } = resolveReadTarget(io, flags);
  if (!hasSummaries(root)) {
    throw new TsiftError("index_missing", `no summary cache at ${root}/.tsift/summaries.db`, { details: { root }, hint: SUMMARIZE_EXTRACT_COMMAND });
  }
  return root;
}

/**
 * `tsift summarize`: `--extract [path] [--diff]` fills `.tsift/summaries.db` through the
 * configured LLM provider; `<symbol>`, `--file F` and `--stats` read it, read-only.
 */
export async function runSummarize(io: CliIo, flags: OptionsOfCommand<typeof summarizeCommand>): Promise<CommandResult> {
  const modes = [flags.extract, flags.stats, flags.file !== undefined, !flags.extract && flags.target !== undefined].filter(Boolean).length;
  if (modes === 0) throw usage("tsift summarize needs a symbol, --file F, --stats or --extract [path]");
  if (modes > 1) throw usage("use one of <symbol>, --file, --stats and --extract at a time");
  if (flags.diff && !flags.extract) throw usage("--diff only applies to --extract");

  if (flags.extract) {
    // The extract path resolves against the --path anchor; the project is that anchor's, so
    // extracting a subdirectory of a project not indexed yet never makes it a project of its own.
    const target = flags.target === undefined ? undefined : resolve(io.cwd, flags.path ?? ".", flags.target);
    return withReadIndex(
      io,
      flags,
      (open) => extractSummaries(open, { target, diff: flags.diff, env: io.env }),
      (data, index) => commandResult(data, extractOutput, { root: index.root }),
    );
  }
  if (flags.stats) {
    const root = requireCache(io, flags);
    const data = readSummaryStats(root);
    return commandResult(data, statsOutput, { root, notes: data.warnings.map((warning) => `warning: ${warning}`) });
  }
  requireCache(io, flags);
  if (flags.file !== undefined) {
    const file = flags.file;
    return withReadIndex(
      io,
      flags,
      (open) => readFileSummaries(open, { file, cwd: io.cwd }),
      (data, index) => commandResult(data, fileSummaryOutput, { root: index.root }),
    );
  }
  const symbol = flags.target!;
  return withReadIndex(
    io,
    flags,
    (open) => readSymbolSummary(open, { symbol }),
    (data, index) => commandResult(data, symbolSummaryOutput, { root: index.root }),
  );
}
