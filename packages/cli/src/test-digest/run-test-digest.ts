import { resolve } from "node:path";
import { resolveBudget, testDigest } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { readInput } from "../input";
import type { CliIo } from "../io";
import { testDigestOutput } from "./test-digest-output";
import type { testDigest as testDigestCommand } from "../commands/test-digest";
import type { OptionsOfCommand } from "../definition/define-command";

/** `tsift test-digest`: reads the captured output whole (a digest needs the summary at its end), then digests it for the project. */
export async function runTestDigest(io: CliIo, flags: OptionsOfCommand<typeof testDigestCommand>): Promise<CommandResult> {
  const budget = resolveBudget(flags, io.env, flags.envelope === true);
  const text = (await readInput(io, flags.input, "test output")).toString("utf8");
  const report = await testDigest({ text, cwd: io.cwd, root: resolve(io.cwd, flags.path ?? "."), runner: flags.runner, limit: flags.limit, budget });
  return commandResult(report, testDigestOutput(io.cwd, report.root), { root: report.root });
}
