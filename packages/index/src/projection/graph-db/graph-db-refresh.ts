import { existsSync } from "node:fs";
import {
  TsiftError,
  compactionPolicy,
  graphDbPrefix,
  isTsiftError,
  localGraphDbPrefix,
  tsiftCommand,
  type CompactionPolicy,
  type GraphCounts,
  type GraphDbPlace,
  type GraphStore,
  type RefreshPhaseTiming,
  type SqlGraphFileStats,
} from "@tsift/core";
import { acquireWriterLock } from "@tsift/sqlite";
import { readCodeGraphSourceState, refreshCodeGraph, updateIndexForRefresh, type CodeGraphRefreshReport } from "../code-graph/refresh-code-graph";
import type { IndexLocation } from "../../walk/index-location";

/** What `tsift graph-db refresh --json` reports. */
export interface RefreshData {
  operation: "refresh";
  status: "current";
  materialized: true;
  mode: CodeGraphRefreshReport["mode"];
  backend: string;
  location: string;
  freshness: { projection_version: string; content_hash: string | null; source_watermark: string; source_content_hash: string };
  counts: GraphCounts;
  delta: CodeGraphRefreshReport["delta"];
  tombstones: CodeGraphRefreshReport["tombstones"];
  phase_timings: RefreshPhaseTiming[];
  compaction_policy: CompactionPolicy;
  index: CodeGraphRefreshReport["index"];
  stats: CodeGraphRefreshReport["stats"];
  next_commands: string[];
  /** `--force` found the old graph.db unusable: why, and where it was moved (`graph.db.corrupt-<UTC time>`). */
  replaced?: { reason: string; moved_to: string };
}

/** Next steps after a refresh: check it, compare it with Convex, plan the sync. */
export function refreshNextCommands(place: GraphDbPlace): string[] {
  return [
    `${graphDbPrefix(place)} doctor`,
    `${localGraphDbPrefix(place)} drift --backend convex-snapshot --convex-snapshot <rows.json>`,
    `${tsiftCommand(place, "convex-sync")} --snapshot <rows.json> --json`,
  ];
}

/** A refresh needs an index to project; without one the error names `tsift index`. */
export function missingIndexError(place: GraphDbPlace): TsiftError {
  return new TsiftError("index_missing", `no code index under ${place.pathArg} to project into graph.db`, { hint: tsiftCommand(place, "index") });
}

/** The refresh report as `graph-db refresh` prints it. `file`: the store's file statistics when already known. */
export async function refreshData(
  report: CodeGraphRefreshReport,
  store: GraphStore,
  place: GraphDbPlace,
  location: string,
  file?: SqlGraphFileStats | null,
): Promise<RefreshData> {
  return {
    operation: "refresh",
    status: "current",
    materialized: true,
    mode: report.mode,
    backend: store.backend,
    location,
    freshness: {
      projection_version: report.projection_version,
      content_hash: report.content_hash,
      source_watermark: report.source_watermark,
      source_content_hash: report.source_content_hash,
    },
    counts: report.counts,
    delta: report.delta,
    tombstones: report.tombstones,
    phase_timings: report.phase_timings,
    compaction_policy: await compactionPolicy(store, place, report.counts.tombstones.total, file),
    index: report.index,
    stats: report.stats,
    next_commands: refreshNextCommands(place),
  };
}

/** Runs the incremental index update a refresh asked for and records it as the first phase. */
export async function withIndexUpdate(
  location: IndexLocation,
  updateIndex: boolean | undefined,
  refresh: () => Promise<CodeGraphRefreshReport>,
): Promise<CodeGraphRefreshReport> {
  const started = process.hrtime.bigint();
  const index = updateIndex ? await updateIndexForRefresh(location) : null;
  const indexMicros = Number((process.hrtime.bigint() - started) / 1000n);
  const report = await refresh();
  if (index) {
    report.index = index;
    report.phase_timings.unshift({ name: "index_update", duration_micros: indexMicros, detail: index.warning ?? `${index.changed_files} changed file(s)` });
  }
  return report;
}

export interface RefreshGraphDbOptions {
  place: GraphDbPlace;
  /** The store's location as reports name it. */
  location: string;
  /** Rebuild and rewrite even when the stored watermark matches. */
  force?: boolean;
  /** Run the incremental index update first (traverse does). */
  updateIndex?: boolean;
  /** The graph writer lock (`graph.write.lock` beside a local graph.db), held for the refresh. */
  lockPath?: string;
}

/**
 * `tsift graph-db refresh` on an open store, in this thread: materializes the code
 * projection of `index` (`cached_source_watermark_reuse` when nothing it depends on
 * changed, else a transactional delta refresh) and reports it as the command does.
 */
export async function refreshGraphDb(
  store: GraphStore,
  index: IndexLocation,
  options: RefreshGraphDbOptions,
): Promise<{ report: CodeGraphRefreshReport; data: RefreshData }> {
  if (!existsSync(index.dbPath)) throw missingIndexError(options.place);
  const lock = options.lockPath ? acquireWriterLock(options.lockPath, { what: "graph" }) : null;
  try {
    const scope = options.place.scope ?? "root";
    const report = await withIndexUpdate(index, options.updateIndex, async () =>
      refreshCodeGraph(store, index, { scope, sourceState: await readCodeGraphSourceState(index), ...(options.force ? { force: true } : {}) }),
    );
    return { report, data: await refreshData(report, store, options.place, options.location) };
  } catch (error) {
    if (isTsiftError(error, "index_missing")) throw missingIndexError(options.place);
    throw error;
  } finally {
    lock?.release();
  }
}
