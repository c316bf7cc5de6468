import type { GraphStore } from "@tsift/core";
import type { CodeGraphFreshnessState } from "@tsift/index/code-graph";
import { graphDbPlace, graphDbPrefix, indexLocationFor, isLocalFileBackend } from "./graph-db-context";
import type { GraphDbTarget } from "./open-graph-store";

export interface GraphDbFreshness {
  /** `unknown` for stores tsift does not project into (Convex snapshots, remote libSQL). */
  state: CodeGraphFreshnessState | "unknown";
  /** A stderr line telling how to refresh a stale projection, or null. */
  note: string | null;
}

/**
 * Compares a local graph.db's code projection with its index (@tsift/index's
 * graphStoreFreshness: one read of the index's `files` table, a few milliseconds), so
 * reads answer from the current graph.db as it is and say how to refresh it when it
 * trails the index. Never writes.
 */
export async function graphDbFreshness(target: GraphDbTarget, store: GraphStore): Promise<GraphDbFreshness> {
  if (!isLocalFileBackend(target)) return { state: "unknown", note: null };
  const { graphStoreFreshness } = await import("@tsift/index/code-graph");
  let state: CodeGraphFreshnessState | "unknown";
  try {
    state = await graphStoreFreshness(store, await indexLocationFor(target), graphDbPlace(target));
  } catch {
    // Freshness is advice on top of a read that already succeeded: a broken index must not fail it.
    return { state: "unknown", note: null };
  }
  const note =
    state === "stale"
      ? `note: ${target.scope ? `graph.db of scope ${target.scope}` : "graph.db"} is stale: the index changed since its last refresh; run \`${graphDbPrefix(target)} refresh\``
      : null;
  return { state, note };
}
