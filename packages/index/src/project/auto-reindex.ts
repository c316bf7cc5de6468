import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import { checkIndex } from "../store/check-index";
import { resolveProjectRoot } from "../walk/resolve-project-root";
import { walkFiles } from "../walk/walk-files";
import { discoverScopes } from "../walk/workspace-scopes";
import { FIRST_USE_MAX_FILES } from "../store/first-use-index";
import { resolveIndexTargets } from "./index-targets";
import { projectCwd, type ProjectOptions } from "../walk/project-options";

export interface AutoReindexReport {
  /** The project root whose index (or workspace scopes' indexes) was checked. */
  root: string;
  /** `fresh`: nothing changed; `updated`: some index was brought up to date; `skipped`: see `notes`. */
  state: "fresh" | "updated" | "skipped";
  /** Indexes updated (a workspace has one per scope). */
  updated: number;
  notes: string[];
}

/**
 * What an agent's prompt hook runs before each prompt: a stat-only freshness check of
 * the project's index (every workspace scope's, when the root declares submodules) and an
 * incremental update only where files changed. A missing index is built under the
 * first-use bound; another writer holding the lock is left to finish. It never throws a
 * tsift error, because a prompt must not be blocked by the index: it reports instead.
 */
export async function autoReindex(options: Omit<ProjectOptions, "scope"> = {}): Promise<AutoReindexReport> {
  const root = resolveProjectRoot(resolve(projectCwd(options), options.path ?? ".")).root;
  const notes: string[] = [];
  let updated = 0;
  try {
    const workspace = discoverScopes(root).length > 0;
    const { config, targets } = await resolveIndexTargets({ cwd: root, path: root, workspace });
    const { updateIndex } = await import("../store/update/update-index");
    const limits = { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude };
    for (const { location } of targets) {
      if (!existsSync(location.dbPath)) {
        const walk = walkFiles(location.sourceRoot, { exclude: config.index.exclude, maxFiles: FIRST_USE_MAX_FILES });
        if (walk.truncated) {
          notes.push(`no index for ${location.sourceRoot} and more than ${FIRST_USE_MAX_FILES} source files: run \`tsift index\` once`);
          continue;
        }
      } else {
        const check = await checkIndex(location, limits);
        if (check.new + check.modified + check.deleted === 0) continue;
      }
      await updateIndex(location, limits);
      updated++;
    }
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    notes.push(
      error.code === "lock_held" ? "another tsift is updating the index; left it to finish" : `${error.message}${error.hint ? ` (next: ${error.hint})` : ""}`,
    );
  }
  return { root, state: notes.length && updated === 0 ? "skipped" : updated ? "updated" : "fresh", updated, notes };
}
