import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import { resolveProjectRoot } from "../../resolve-project-root";
import { ensureStateDir } from "../../state-dir";
import { resolveIndexTargets } from "../index-targets";
import { projectCwd, type ProjectOptions } from "../project-options";
import type { EditRequest } from "./edit-input";
import { clearJournal, recoverInterruptedBatch, writeJournal } from "./edit-journal";
import { planEdits, type EditOutcome } from "./plan-edits";
import { stagedPath, stageAndSwap } from "./swap-files";

export interface EditBatchOptions extends Omit<ProjectOptions, "scope"> {
  edits: readonly EditRequest[];
  /** Validate and report, write nothing. */
  dryRun?: boolean | undefined;
  /** Update an existing index for the changed files afterwards (default true). */
  refreshIndex?: boolean | undefined;
}

export interface EditedFile {
  file: string;
  replacements: number;
  bytes_before: number;
  bytes_after: number;
}

/** `tsift edit` data. `applied` is false when any edit was rejected (then no file changed) or on a dry run. */
export interface EditBatchReport {
  applied: boolean;
  dry_run: boolean;
  edits: EditOutcome[];
  files: EditedFile[];
  rejected: number;
  /** The index after the batch: refreshed, not present, or why it was left stale. */
  index: { state: "refreshed" | "no_index" | "skipped" | "stale"; note?: string };
  /** Staged files an interrupted earlier batch left behind, removed before this one ran. */
  recovered: string[];
}

/**
 * `tsift edit`: a search/replace batch over several files that lands whole or not at all.
 * Every edit is validated first (inside the root, UTF-8 text, the search text found the
 * expected number of times); only then is each file's new text staged beside it and
 * renamed into place, and a failed rename puts back the files already replaced. The index,
 * when there is one, is refreshed for the changed files.
 */
export async function applyEdits(options: EditBatchOptions): Promise<EditBatchReport> {
  const root = resolveProjectRoot(resolve(projectCwd(options), options.path ?? ".")).root;
  const dryRun = options.dryRun === true;
  const recovered = dryRun ? [] : recoverInterruptedBatch(root);
  const plan = planEdits(root, options.edits);
  const files = plan.files.filter((file) => !file.after.equals(file.before));
  const report = (applied: boolean, index: EditBatchReport["index"]): EditBatchReport => ({
    applied,
    dry_run: dryRun,
    edits: plan.outcomes.map((outcome) =>
      outcome.status !== "would_apply"
        ? outcome
        : plan.rejected
          ? { ...outcome, status: "not_applied", replacements: 0 }
          : { ...outcome, status: dryRun ? "would_apply" : "applied" },
    ),
    files: plan.rejected
      ? []
      : plan.files.map((file) => ({ file: file.file, replacements: file.replacements, bytes_before: file.before.length, bytes_after: file.after.length })),
    rejected: plan.rejected,
    index,
    recovered,
  });
  if (plan.rejected || dryRun) return report(false, { state: "skipped" });
  if (files.length > 0) {
    const staged = files.map((file, slot) => stagedPath(file.absPath, slot));
    ensureStateDir(root);
    writeJournal(root, staged);
    try {
      stageAndSwap(files, staged);
    } finally {
      clearJournal(root);
    }
  }
  return report(true, files.length && options.refreshIndex !== false ? await refreshIndexFor(root, options) : { state: "skipped" });
}

async function refreshIndexFor(root: string, options: EditBatchOptions): Promise<EditBatchReport["index"]> {
  const { targets, config } = await resolveIndexTargets({ cwd: projectCwd(options), path: root });
  const existing = targets.filter((target) => existsSync(target.location.dbPath));
  if (existing.length === 0) return { state: "no_index" };
  try {
    const { updateIndex } = await import("../../update-index");
    for (const target of existing) await updateIndex(target.location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
    return { state: "refreshed" };
  } catch (error) {
    // The edit itself landed; an index left stale says so and is caught up by the next read.
    if (isTsiftError(error)) return { state: "stale", note: `${error.message}; run \`tsift index\`` };
    throw error;
  }
}
