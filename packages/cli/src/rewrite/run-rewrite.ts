import { TsiftError } from "@tsift/core/light";
import { rewriteCommand, type RewriteReport } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { GLOBAL_OPTIONS, type GlobalArgs } from "../definition/global-options";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";
import type { rewrite as rewriteDefinition } from "../commands/rewrite";
import type { OptionsOfCommand } from "../definition/define-command";

/** Plain mode prints only the rewritten command, so a hook can run `$(tsift rewrite "$cmd")`. */
const rewriteOutput = defineOutput<RewriteReport>({
  tool: "rewrite",
  text: (data) => data.rewrite ?? "",
});

/**
 * `tsift rewrite`: stdout is the rewritten command (exit 0), or empty with the reason on
 * stderr (exit 1). `--run` runs the rewrite in this process with the caller's output
 * switches added, and exits with its status; with no rewrite it runs nothing.
 */
export async function runRewrite(io: CliIo, flags: OptionsOfCommand<typeof rewriteDefinition>): Promise<CommandResult<RewriteReport>> {
  const report = rewriteCommand(flags.command, { cwd: io.cwd });
  if (!report.rewritten) {
    const hint = flags.run ? "run the command yourself if you meant to" : "run the command unchanged";
    io.stderr(`tsift rewrite: ${report.reason.slice(0, 300)}; ${hint}\n`);
    return { data: report, emitted: true, exitCode: EXIT_CODES.checkFailed };
  }
  if (!flags.run) return commandResult(report, rewriteOutput);
  const forwarded = GLOBAL_OPTIONS.filter((option) => flags[option.key as keyof GlobalArgs] === true).map((option) => `--${option.name}`);
  const argv = [...forwarded.filter((flag) => !report.argv!.includes(flag)), ...report.argv!];
  const { main } = await import("../cli");
  const code = await main(argv, io);
  if (!Number.isInteger(code)) throw new TsiftError("internal", `the rewritten command returned no exit status`);
  return { data: report, emitted: true, exitCode: code as CommandResult["exitCode"] };
}
