import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import { acquireWriterLock } from "@tsift/sqlite";
import { resolveProjectRoot } from "../../walk/resolve-project-root";
import { ensureStateDir } from "../../store/state-dir";
import { resolveIndexTargets } from "../index-targets";
import { projectCwd, type ProjectOptions } from "../../walk/project-options";
import type { EditRequest } from "../../walk/edit/edit-input";
import { editLockPath } from "../../walk/edit/edit-journal";
import { planEdits, type EditOutcome, type EditPlan } from "../../walk/edit/plan-edits";
import { recoverHeld, type EditRecovery } from "../../walk/edit/recover-edit-batch";
import { stageAndSwap } from "../../walk/edit/swap-files";

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
  /** What settling a batch an earlier `edit` left interrupted did before this one ran (null: there was none). */
  recovered: EditRecovery | null;
}

/**
 * `tsift edit`: a search/replace batch over several files that lands whole or not at all,
 * also under `kill -9`. Every edit is validated first (inside the root, UTF-8 text, the
 * search text found the expected number of times); only then is the batch journaled and
 * each file's new text staged beside it and renamed into place (`stageAndSwap`). Runs
 * under `.tsift/edit.lock` (`lock_held` while another batch runs) and first settles a
 * batch an earlier run left interrupted (`recoverHeld`). The index, when there is one, is
 * refreshed for the changed files.
 */
export async function applyEdits(options: EditBatchOptions): Promise<EditBatchReport> {
  const root = resolveProjectRoot(resolve(projectCwd(options), options.path ?? ".")).root;
  const dryRun = options.dryRun === true;
  if (dryRun) return batchReport(planEdits(root, options.edits), true, false, { state: "skipped" }, null);
  ensureStateDir(root);
  const lock = acquireWriterLock(editLockPath(root), { what: "edit" });
  let recovered: EditRecovery | null;
  let plan: EditPlan;
  let changed: number;
  try {
    recovered = recoverHeld(root);
    plan = planEdits(root, options.edits);
    if (plan.rejected) return batchReport(plan, false, false, { state: "skipped" }, recovered);
    const files = plan.files.filter((file) => !file.after.equals(file.before));
    changed = files.length;
    if (files.length > 0) stageAndSwap(root, files);
  } finally {
    lock.release();
  }
  const index = changed && options.refreshIndex !== false ? await refreshIndexFor(root, options) : ({ state: "skipped" } as const);
  return batchReport(plan, false, true, index, recovered);
}

function batchReport(plan: EditPlan, dryRun: boolean, applied: boolean, index: EditBatchReport["index"], recovered: EditRecovery | null): EditBatchReport {
  return {
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
  };
}

async function refreshIndexFor(root: string, options: EditBatchOptions): Promise<EditBatchReport["index"]> {
  const { targets, config } = await resolveIndexTargets({ cwd: projectCwd(options), path: root });
  const existing = targets.filter((target) => existsSync(target.location.dbPath));
  if (existing.length === 0) return { state: "no_index" };
  try {
    const { updateIndex } = await import("../../store/update/update-index");
    for (const target of existing) await updateIndex(target.location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
    return { state: "refreshed" };
  } catch (error) {
    // The edit itself landed; an index left stale says so and is caught up by the next read.
    if (isTsiftError(error)) return { state: "stale", note: `${error.message}; run \`tsift index\`` };
    throw error;
  }
}
