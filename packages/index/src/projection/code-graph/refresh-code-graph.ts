import { existsSync } from "node:fs";
import { isTsiftError, type GraphCounts, type GraphStore, type ProjectionVersion, type RefreshPhaseTiming, type RowDelta } from "@tsift/core";
import type { IndexLocation } from "../../walk/index-location";
import { openIndexReader } from "../../store/open-index";
import { CODE_PROJECTION_VERSION } from "./code-graph-ids";
import { codeGraphSourceState, type CodeGraphSourceState } from "./code-graph-watermark";
import { projectCodeGraph, type CodeGraphStats } from "./project-code-graph";

export type CodeGraphRefreshMode = "cold_source_graph_rebuild" | "cached_source_watermark_reuse";

export interface RefreshCodeGraphOptions {
  /** Projection scope key in graph.db; default "root". */
  scope?: string;
  /** Rebuild and rewrite even when the stored watermark matches. */
  force?: boolean;
  /**
   * Bring the index up to date first (the normal incremental path: unchanged files are
   * only stat'ed). Default false: a refresh projects the index snapshot as it is, the
   * watermark says which one, and `tsift index` (or the auto-reindex hook) keeps it
   * fresh; traversal, which answers for the source right now, passes true. A writer
   * holding the index lock is not waited for: the refresh projects the index as it is
   * and says so in `index.warning`.
   */
  updateIndex?: boolean;
  /** A source state read moments ago (after any index update), to avoid reading it twice. */
  sourceState?: CodeGraphSourceState;
  /** Passed to updateIndex. */
  exclude?: readonly string[];
  maxFileBytes?: number;
}

/** A row delta whose `unchanged` is unknown when the refresh never looked (a reuse). */
export interface CodeGraphRowDelta extends Omit<RowDelta, "unchanged"> {
  unchanged: number | null;
}

export interface CodeGraphRefreshReport {
  mode: CodeGraphRefreshMode;
  scope: string;
  projection_version: string;
  /** The store's content hash of the rows (order-independent row-hash digest). */
  content_hash: string | null;
  /** sha256 over the indexed files' content hashes. */
  source_content_hash: string;
  source_watermark: string;
  counts: GraphCounts;
  delta: { nodes: CodeGraphRowDelta; edges: CodeGraphRowDelta; node_properties: CodeGraphRowDelta; edge_properties: CodeGraphRowDelta };
  tombstones: { written: number; pruned: number; total: number };
  phase_timings: RefreshPhaseTiming[];
  /** What the index update did: null when it was not asked for. */
  index: { updated: boolean; changed_files: number; warning: string | null } | null;
  /** Rows per kind and what the index held that could not be projected; null on a reuse. */
  stats: CodeGraphStats | null;
}

class Phases {
  readonly timings: RefreshPhaseTiming[] = [];
  private last = process.hrtime.bigint();

  mark(name: string, detail?: string): void {
    const now = process.hrtime.bigint();
    const duration_micros = Number((now - this.last) / 1000n);
    this.timings.push(detail === undefined ? { name, duration_micros } : { name, duration_micros, detail });
    this.last = now;
  }
}

/** Whether a stored projection was built from exactly this source state by this projector. */
export function isCurrentProjection(status: ProjectionVersion | null, source: CodeGraphSourceState): boolean {
  return (
    status !== null && status.projection_version === CODE_PROJECTION_VERSION && status.content_hash !== null && status.source_watermark === source.watermark
  );
}

/** Reads the index's source state through a read-only open (a snapshot copy while a writer holds it). */
export async function readCodeGraphSourceState(location: IndexLocation): Promise<CodeGraphSourceState> {
  const reader = openIndexReader(location);
  try {
    return codeGraphSourceState(reader.database);
  } finally {
    await reader.close();
  }
}

/**
 * The incremental index update a refresh may run first (what `updateIndex: true` does),
 * for callers that check freshness between the update and the refresh. Never waits for
 * another writer: a held lock becomes a warning and the index is projected as it is.
 */
export async function updateIndexForRefresh(
  location: IndexLocation,
  options: Pick<RefreshCodeGraphOptions, "exclude" | "maxFileBytes"> = {},
): Promise<NonNullable<CodeGraphRefreshReport["index"]>> {
  if (!existsSync(location.dbPath)) {
    // Refresh projects an index; it does not silently build one on the first call.
    return { updated: false, changed_files: 0, warning: null };
  }
  try {
    // Loaded only when a refresh updates the index: reads and freshness checks never need
    // the walker and extractors (nor @tsift/graph behind them).
    const { updateIndex } = await import("../../store/update/update-index");
    const summary = await updateIndex(location, {
      ...(options.exclude ? { exclude: options.exclude } : {}),
      ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
    });
    const changed = summary.new + summary.modified + summary.deleted;
    return { updated: changed > 0, changed_files: changed, warning: null };
  } catch (error) {
    if (!isTsiftError(error, "lock_held")) throw error;
    return { updated: false, changed_files: 0, warning: `index not updated: ${error.message}; projecting the index as it is` };
  }
}

/**
 * Materializes the code projection of `location`'s index into `store`. When the stored
 * projection's source watermark, version and content hash match the index, nothing is
 * rebuilt (`cached_source_watermark_reuse`: a watermark read and a count); otherwise the
 * rows are built and written by `replaceProjection` (`cold_source_graph_rebuild`), which
 * skips unchanged rows by hash and tombstones removed ones, in one transaction.
 */
export async function refreshCodeGraph(store: GraphStore, location: IndexLocation, options: RefreshCodeGraphOptions = {}): Promise<CodeGraphRefreshReport> {
  const scope = options.scope ?? "root";
  const phases = new Phases();
  const index = options.updateIndex ? await updateIndexForRefresh(location, options) : null;
  if (index) phases.mark("index_update", index.warning ?? `${index.changed_files} changed file(s)`);

  const reader = openIndexReader(location);
  let source: CodeGraphSourceState;
  let built: ReturnType<typeof projectCodeGraph> | null = null;
  try {
    source = options.sourceState && !index?.updated ? options.sourceState : codeGraphSourceState(reader.database);
    phases.mark("source_watermark", `${source.files} file(s)`);
    const status = await store.projectionStatus(scope);
    phases.mark("projection_status", status ? `stored ${status.projection_version}` : "no stored projection");
    if (!options.force && isCurrentProjection(status, source)) {
      const counts = await store.counts();
      phases.mark("counts", "watermark unchanged: rows reused");
      const reused = (n: number): CodeGraphRowDelta => ({ upserted: 0, deleted: 0, unchanged: n });
      return {
        mode: "cached_source_watermark_reuse",
        scope,
        projection_version: status!.projection_version,
        content_hash: status!.content_hash,
        source_content_hash: source.contentHash,
        source_watermark: source.watermark,
        counts,
        delta: {
          nodes: reused(counts.nodes),
          edges: reused(counts.edges),
          node_properties: { upserted: 0, deleted: 0, unchanged: null },
          edge_properties: { upserted: 0, deleted: 0, unchanged: null },
        },
        tombstones: { written: 0, pruned: 0, total: counts.tombstones.total },
        phase_timings: phases.timings,
        index,
        stats: null,
      };
    }
    built = projectCodeGraph(reader.database, { scope, sourceState: source });
    phases.mark("source_graph_build", `${built.projection.nodes.length} nodes, ${built.projection.edges.length} edges`);
  } finally {
    await reader.close();
  }

  const report = await store.replaceProjection(built.projection, { scope, projectionVersion: CODE_PROJECTION_VERSION, sourceWatermark: source.watermark });
  phases.mark("store_refresh");
  const storeTimings = report.phase_timings;
  const counts = await store.counts();
  phases.mark("counts");
  // The store's own phases replace the one "store_refresh" span that contains them.
  const timings = phases.timings.flatMap((phase) => (phase.name === "store_refresh" ? storeTimings : [phase]));
  return {
    mode: "cold_source_graph_rebuild",
    scope,
    projection_version: report.projection_version,
    content_hash: report.content_hash,
    source_content_hash: source.contentHash,
    source_watermark: source.watermark,
    counts,
    delta: { nodes: report.nodes, edges: report.edges, node_properties: report.node_properties, edge_properties: report.edge_properties },
    tombstones: report.tombstones,
    phase_timings: timings,
    index,
    stats: built.stats,
  };
}

export type CodeGraphFreshnessState = "current" | "stale" | "index_missing" | "not_projected";

export interface CodeGraphFreshness {
  /**
   * `current`: the stored projection was built from the index as it is; `stale`: the
   * index changed since (or the projector did); `index_missing`: no index to compare
   * with; `not_projected`: the store holds no code projection (imported rows, or none).
   */
  state: CodeGraphFreshnessState;
  stored: ProjectionVersion | null;
  source_watermark: string | null;
}

/** Compares a store's projection with its index without writing either. */
export async function codeGraphFreshness(store: GraphStore, location: IndexLocation, scope = "root"): Promise<CodeGraphFreshness> {
  const stored = await store.projectionStatus(scope);
  if (!stored || stored.projection_version !== CODE_PROJECTION_VERSION) return { state: "not_projected", stored, source_watermark: null };
  if (!existsSync(location.dbPath)) return { state: "index_missing", stored, source_watermark: null };
  let source: CodeGraphSourceState;
  try {
    source = await readCodeGraphSourceState(location);
  } catch (error) {
    if (isTsiftError(error, "index_missing")) return { state: "index_missing", stored, source_watermark: null };
    throw error;
  }
  return { state: isCurrentProjection(stored, source) ? "current" : "stale", stored, source_watermark: source.watermark };
}
