import { checkIndex, updateIndex, type IndexSummary } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { scopeJson, summaryJson, warningNotes } from "./format-index";
import { indexOutput, workspaceIndexOutput } from "./index-output";
import { resolveTargets, type IndexTarget } from "./index-targets";
import { progressBar } from "./progress-bar";

export interface IndexFlags {
  path?: string;
  rebuild: boolean;
  check: boolean;
  exitCode: boolean;
  quiet: boolean;
  prune: boolean;
  workspace: boolean;
  submodule?: string;
  json: boolean;
}

/**
 * `tsift index`: update (or with `--check`, only diff) one index or every workspace
 * scope's, one after the other. `--exit-code` implies `--quiet` and makes a check
 * that finds new, modified or deleted files exit 1.
 */
export async function runIndex(io: CliIo, flags: IndexFlags): Promise<CommandResult> {
  const quiet = flags.quiet || flags.exitCode;
  const { config, targets, scoped } = await resolveTargets(io.cwd, flags.path, { workspace: flags.workspace, ...(flags.submodule !== undefined ? { scope: flags.submodule } : {}) });
  const bar = progressBar(io, io.stderrIsTTY && !quiet && !flags.json && !flags.check, "");
  const results: { target: IndexTarget; summary: IndexSummary }[] = [];
  for (const target of targets) {
    let summary: IndexSummary;
    if (flags.check) {
      summary = await checkIndex(target.location, { exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
    } else {
      try {
        summary = await updateIndex(target.location, {
          rebuild: flags.rebuild,
          prune: flags.prune,
          maxFileBytes: config.index.maxFileBytes,
          exclude: config.index.exclude,
          onProgress: ({ done, total }) => bar.update(done, total),
        });
      } finally {
        bar.clear();
      }
    }
    results.push({ target, summary });
  }

  const changed = results.some(({ summary }) => summary.new + summary.modified + summary.deleted > 0);
  const notes = [
    ...config.warnings.map((warning) => `warning: ${warning}`),
    ...results.flatMap(({ target, summary }) => warningNotes(summary.warnings, target.scope ? `${target.scope.id}/` : "")),
  ];
  const exitCode = flags.check && flags.exitCode && changed ? EXIT_CODES.checkFailed : EXIT_CODES.ok;
  if (!scoped) {
    const summary = results[0]!.summary;
    return commandResult(summaryJson(summary, quiet), indexOutput(summary.mode), { root: targets[0]!.location.sourceRoot, exitCode, notes });
  }
  // Scope reports list paths relative to each scope, so they print as stored (no root).
  return commandResult({ scopes: results.map(({ target, summary }) => scopeJson(target, summary, quiet)) }, workspaceIndexOutput(results[0]!.summary.mode), { exitCode, notes });
}
