import type { RewriteReport } from "@tsift/digest";
import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { GLOBAL_OPTIONS, type GlobalArgs } from "../definition/global-options";
import { EXIT_CODES } from "../exit-codes";

/** `tsift rewrite [--run] '<command>'`: the bounded tsift flow for a high-token shell command, or exit 1 with why not. */
export const rewrite = defineCommand({
  name: "rewrite",
  summary: "route a search, diff review, test run or build to its bounded tsift flow",
  helpOrder: 330,
  positionals: [{ name: "command", required: true, description: "the shell command, as one quoted string" }],
  options: {
    run: { type: "boolean", default: false, description: "run the rewritten command and exit with its status (nothing runs when there is no rewrite)" },
  },
  examples: [
    { command: "tsift rewrite 'rg getUser src'", description: "prints: tsift --envelope search getUser src --exact --budget normal" },
    { command: "tsift rewrite --run 'cargo test'", description: "runs the tests through tsift run: a digest, the full output kept as an artifact" },
  ],
  // stdout is the rewritten command (exit 0), or empty with the reason on stderr (exit 1).
  // `--run` runs the rewrite in this process with the caller's output switches added, and
  // exits with its status; with no rewrite it runs nothing.
  async run(options, io): Promise<CommandResult<RewriteReport>> {
    const [{ rewriteCommand }, { TsiftError }] = await Promise.all([import("@tsift/digest"), import("@tsift/core/light")]);
    const report = rewriteCommand(options.command, { cwd: io.cwd });
    if (!report.rewritten) {
      const hint = options.run ? "run the command yourself if you meant to" : "run the command unchanged";
      io.stderr(`tsift rewrite: ${report.reason.slice(0, 300)}; ${hint}\n`);
      return { data: report, emitted: true, exitCode: EXIT_CODES.checkFailed };
    }
    if (!options.run) return { data: report };
    const forwarded = GLOBAL_OPTIONS.filter((option) => options[option.key as keyof GlobalArgs] === true).map((option) => `--${option.name}`);
    const argv = [...forwarded.filter((flag) => !report.argv!.includes(flag)), ...report.argv!];
    const { main } = await import("../cli");
    const code = await main(argv, io);
    if (!Number.isInteger(code)) throw new TsiftError("internal", `the rewritten command returned no exit status`);
    return { data: report, emitted: true, exitCode: code as CommandResult["exitCode"] };
  },
  // Plain mode prints only the rewritten command, so a hook can run `$(tsift rewrite "$cmd")`.
  output: { tool: "rewrite", text: (data) => data.rewrite ?? "" },
});
