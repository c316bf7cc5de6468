import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { TOOL_VERSION } from "../store/open-index";
import { resolveProjectRoot } from "../walk/resolve-project-root";
import { pathArg } from "../walk/command-place";
import { applyInit } from "./init/apply-init";
import { instructionsStatus, type InstructionsStatus } from "./instructions-status";
import { projectCwd } from "../walk/project-options";
import { checkLimit } from "./read-limits";
import { recommendations, reminders, type Recommendations } from "./recommendations";
import { indexStatus, statusTargets, type IndexStatus } from "./status-index";
import { hasSummaries } from "../summaries/summaries-store";
import type { SummaryCoverage } from "../summaries/read-summaries";

export interface StatusOptions {
  cwd?: string | undefined;
  /** The project directory or a path inside it; default `.`. */
  path?: string | undefined;
  /** First index stale or missing indexes and rewrite stale instructions (`--fix`). */
  fix?: boolean | undefined;
  /** Workspace scopes listed (0 = all); default 20. */
  limit?: number | undefined;
  /** The installed tsift version the instructions should carry; default this package's. */
  version?: string | undefined;
  /** The commands recommended once an index exists; default `INDEX_READING_COMMANDS`. */
  indexCommands?: readonly string[] | undefined;
}

/** `tsift status` data. */
export interface StatusReport {
  index: IndexStatus;
  instructions: InstructionsStatus;
  /** Coverage once `.tsift/summaries.db` exists (and an index to measure it against); else why not. */
  summaries: { state: "unavailable"; reason: string } | SummaryCoverage;
  recommendations: Recommendations;
  reminders: string[];
  /** `fix`: what was refreshed before this report. */
  fixed?: string[];
  workspace_scopes_total?: number;
  truncated?: boolean;
}

/**
 * `tsift status`: read-only by default (it never takes the writer lock, and reads a
 * snapshot copy while a writer holds index.db). `fix` first applies the safe local fixes
 * behind `run:` — index stale or missing indexes (every scope of a stale workspace),
 * rebuild corrupt ones (moving the old file aside), rewrite stale or missing
 * instructions — then reports afresh. A corrupt index is state `corrupt` with `problem`
 * (code, reason, the rebuild command), never an error. Paths are relative to the
 * project root.
 */
export async function projectStatus(options: StatusOptions = {}): Promise<StatusReport> {
  const cwd = projectCwd(options);
  const version = options.version ?? TOOL_VERSION;
  const limit = options.limit ?? 20;
  checkLimit("limit", limit, "status");
  const { root } = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const place = pathArg(cwd, root);
  let fixed: string[] | undefined;
  if (options.fix) {
    fixed = [];
    // Instructions first: AGENTS.md is markdown the index tracks, so writing it after
    // indexing would leave the index stale again.
    if (instructionsStatus(root, version).state !== "current") {
      applyInit(root, { codex: false, opencode: false, workspace: false });
      fixed.push("instructions");
    }
    const targets = await statusTargets(root);
    const before = await indexStatus(root, targets);
    if (before.state !== "fresh") {
      const { updateIndex } = await import("../store/update/update-index");
      const corrupt = new Set((before.workspace_scopes ?? []).filter((scope) => scope.problem).map((scope) => scope.scope));
      for (const location of targets.locations) {
        // A corrupt index is rebuilt (the old file is moved aside): an update would only fail on it.
        const rebuild = before.workspace ? corrupt.has(location.scope ?? "") : before.state === "corrupt";
        await updateIndex(location, { maxFileBytes: targets.config.index.maxFileBytes, exclude: targets.config.index.exclude, rebuild });
      }
      fixed.push(targets.workspace ? `index (${targets.locations.length} scopes)` : "index");
    }
  }
  const index = await indexStatus(root, await statusTargets(root));
  // The repair command as typed from the caller's directory.
  const at = place === "." ? "" : ` ${place}`;
  if (index.problem) index.problem.next += at;
  for (const scope of index.workspace_scopes ?? []) if (scope.problem && scope.problem !== index.problem) scope.problem.next += at;
  const instructions = instructionsStatus(root, version);
  const recs = recommendations(index, instructions, place, options.indexCommands);
  const report: StatusReport = {
    index,
    instructions,
    summaries: await summariesStatus(root, index),
    recommendations: recs,
    reminders: reminders(index, recs, place),
  };
  if (index.workspace_scopes) {
    const total = index.workspace_scopes.length;
    if (limit > 0 && total > limit) {
      index.workspace_scopes = index.workspace_scopes.slice(0, limit);
      Object.assign(report, { workspace_scopes_total: total, truncated: true });
    }
  }
  if (fixed) report.fixed = fixed;
  return report;
}

/**
 * Summary coverage when `.tsift/summaries.db` exists: summarized current symbols over the
 * indexed ones, read-only (the summaries code is imported only then).
 */
async function summariesStatus(root: string, index: IndexStatus): Promise<StatusReport["summaries"]> {
  if (!hasSummaries(root)) return { state: "unavailable", reason: "no summaries.db; run tsift summarize --extract" };
  if (index.state === "missing" || index.state === "corrupt") return { state: "unavailable", reason: "no readable index to measure coverage against" };
  const { openSqliteReadOnly } = await import("@tsift/sqlite");
  const { summaryCoverage } = await import("../summaries/read-summaries");
  const targets = await statusTargets(root);
  const opened = targets.locations
    .filter((location) => existsSync(location.dbPath))
    .map((location) => ({ location, connection: openSqliteReadOnly(location.dbPath) }));
  try {
    return summaryCoverage(
      root,
      opened.map(({ location, connection }) => ({ location, db: connection.database })),
    );
  } finally {
    for (const { connection } of opened) await connection.close();
  }
}
