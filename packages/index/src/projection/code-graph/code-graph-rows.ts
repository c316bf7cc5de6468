import type { GraphFreshness, GraphProperties, GraphProvenance } from "@tsift/core";
import { CODE_GRAPH_SOURCE } from "./code-graph-ids";

/**
 * Builders for projection rows in the store's canonical form (property keys ascending,
 * provenance `{source, source_ref}`, freshness `{content_hash, observed_at_unix}`), so
 * the refresh's fast path encodes them without copying and every run hashes the same.
 */

/** Keeps the given `[key, value]` pairs whose value is set; keys must already ascend. */
export function props(entries: readonly (readonly [string, string | number | null | undefined])[]): GraphProperties | undefined {
  let out: GraphProperties | undefined;
  for (const [key, value] of entries) {
    if (value === null || value === undefined || value === "") continue;
    (out ??= {})[key] = typeof value === "string" ? value : String(value);
  }
  return out;
}

export function provenance(path: string, line?: number | null): GraphProvenance[] {
  return [{ source: CODE_GRAPH_SOURCE, source_ref: line ? `${path}:${line}` : path }];
}

/** Per-file freshness objects are shared by every row of the file: built once, read-only. */
export class FreshnessTable {
  private readonly byPath = new Map<string, GraphFreshness>();

  add(path: string, contentHash: string, observedAtUnix: number): void {
    this.byPath.set(path, contentHash ? { content_hash: contentHash, observed_at_unix: observedAtUnix } : { observed_at_unix: observedAtUnix });
  }

  get(path: string): GraphFreshness | undefined {
    return this.byPath.get(path);
  }
}

/** Most line numbers kept in a merged edge's `lines` property; the count is always exact. */
export const MAX_LISTED_LINES = 16;

/** `12,40,41` (ascending, unique), capped with `,+N` so a hub edge stays one small row. */
export function lineList(lines: readonly number[]): string {
  const unique = [...new Set(lines)].sort((a, b) => a - b);
  const shown = unique.slice(0, MAX_LISTED_LINES).join(",");
  return unique.length > MAX_LISTED_LINES ? `${shown},+${unique.length - MAX_LISTED_LINES}` : shown;
}

/** Sorted unique values joined by `,` (resolutions, import kinds, names). */
export function joinSet(values: Iterable<string>, cap = Number.POSITIVE_INFINITY): string {
  const unique = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const shown = unique.slice(0, cap).join(",");
  return unique.length > cap ? `${shown},+${unique.length - cap}` : shown;
}
