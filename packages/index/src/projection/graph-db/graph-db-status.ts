import { graphDbPrefix, type GraphCounts, type GraphDbPlace, type GraphStore, type ProjectionVersion } from "@tsift/core";
import type { CodeGraphFreshnessState } from "../code-graph/refresh-code-graph";
import type { IndexLocation } from "../../walk/index-location";
import { graphStoreFreshness } from "./graph-db-doctor";

/** What `tsift graph-db status --json` reports. */
export interface GraphDbStatusData {
  operation: "status";
  /** `missing`, `empty`, `materialized` (imported rows), or a code projection's `current` / `stale`. */
  status: string;
  materialized: boolean;
  backend: string;
  location: string;
  counts?: GraphCounts;
  projection?: ProjectionVersion | null;
  recovery: string | null;
  next_commands: string[];
}

export interface GraphDbStatusOptions {
  /** The store's location as reports name it, and the snapshot note of a read-only open. */
  opened: { location: string; recovery: string | null };
  /** The projection's freshness, when the caller computes (and caches) it; default: compared with `index`. */
  freshness?: () => Promise<CodeGraphFreshnessState | "unknown">;
}

/**
 * `tsift graph-db status` on an open store (null: there is no graph.db at
 * `place.display`): whether rows are materialized, and a code projection's freshness
 * against `index` (null for stores tsift does not project into), with what to run next.
 */
export async function graphDbStatus(
  store: GraphStore | null,
  index: IndexLocation | null,
  place: GraphDbPlace,
  options: GraphDbStatusOptions,
): Promise<GraphDbStatusData> {
  const prefix = graphDbPrefix(place);
  if (!store) {
    return {
      operation: "status",
      status: "missing",
      materialized: false,
      backend: place.backend,
      location: place.display,
      recovery: null,
      next_commands: [`${prefix} refresh`, `${prefix} import <rows.json>`, `${prefix} schema`],
    };
  }
  const counts = await store.counts();
  const projection = await store.projectionStatus(place.scope ?? "root");
  const materialized = projection !== null || counts.nodes > 0;
  // A code projection is `current` or `stale` against its index; imported rows are just `materialized`.
  const freshness = materialized ? await (options.freshness ?? (() => graphStoreFreshness(store, index, place)))() : "unknown";
  const state = freshness === "current" || freshness === "stale" ? freshness : materialized ? "materialized" : "empty";
  return {
    operation: "status",
    status: state,
    materialized,
    backend: store.backend,
    location: options.opened.location,
    counts,
    projection,
    recovery: options.opened.recovery,
    next_commands:
      state === "stale"
        ? [`${prefix} refresh`, `${prefix} doctor`]
        : materialized
          ? [`${prefix} kind <kind> --limit 20`, `${prefix} doctor`, `${prefix} export --out rows.json`]
          : [`${prefix} refresh`, `${prefix} import <rows.json>`],
  };
}
