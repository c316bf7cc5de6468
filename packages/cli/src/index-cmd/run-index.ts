import { indexProject, type IndexSummaryReport } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { indexOutput, workspaceIndexOutput } from "./index-output";
import { progressBar } from "./progress-bar";
import type { index as indexCommand } from "../commands/index";
import type { OptionsOfCommand } from "../definition/define-command";
import { isJsonMode, outputOptions } from "../output/output-options";

/**
 * `tsift index`: update (or with `--check`, only diff) one index or every workspace
 * scope's (`indexProject`). `--exit-code` implies `--quiet` and makes a check that finds
 * new, modified or deleted files exit 1.
 */
export async function runIndex(io: CliIo, flags: OptionsOfCommand<typeof indexCommand>): Promise<CommandResult> {
  const quiet = flags.quiet || flags.exitCode;
  const drawing = io.stderrIsTTY && !quiet && !isJsonMode(outputOptions(flags)) && !flags.check;
  const bar = progressBar(io, drawing, "");
  // The checker's program can take a minute on a large project: its own bar says what is running.
  const checkerBar = progressBar(io, drawing, "checker ");
  let run;
  try {
    run = await indexProject({
      cwd: io.cwd,
      path: flags.path,
      workspace: flags.workspace,
      ...(flags.submodule !== undefined ? { scope: flags.submodule } : {}),
      rebuild: flags.rebuild,
      check: flags.check,
      prune: flags.prune,
      quiet,
      onProgress: ({ done, total }) => bar.update(done, total),
      ...(flags.resolve !== undefined ? { resolve: flags.resolve } : {}),
      onCheckerProgress: ({ done, total }) => {
        bar.clear();
        checkerBar.update(done, total);
      },
    });
  } finally {
    bar.clear();
    checkerBar.clear();
  }
  const exitCode = flags.check && flags.exitCode && run.changed ? EXIT_CODES.checkFailed : EXIT_CODES.ok;
  const { report, notes } = run;
  if ("scopes" in report) {
    // Scope reports list paths relative to each scope, so they print as stored (no root).
    return commandResult(report, workspaceIndexOutput(run.mode, flags.limit), { exitCode, notes });
  }
  return commandResult<IndexSummaryReport>(report, indexOutput(run.mode, flags.limit), { root: run.sourceRoot, exitCode, notes });
}
