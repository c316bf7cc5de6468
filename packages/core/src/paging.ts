import { compareIds } from "./compare-ids";
import { TsiftError } from "./errors";
import type { GraphQueryPage } from "./graph-types";
import { DEFAULT_PAGE_LIMIT } from "./schema";

/** Resolves a page size: default 100, 0 means unbounded. Rejects negatives and fractions. */
export function resolvePageLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new TsiftError("invalid_input", `limit must be a whole number >= 0 (got ${limit})`);
  }
  return limit === 0 ? Number.POSITIVE_INFINITY : limit;
}

/**
 * Pages items that are already sorted by id: keeps ids strictly after `cursor`, at most
 * `limit` of them, and reports the last kept id as the next cursor when more remain.
 * Backends that fetch `limit + 1` rows use it to detect truncation the same way.
 */
export function applyGraphQueryPage<T>(
  sortedItems: readonly T[],
  idOf: (item: T) => string,
  options: { cursor?: string | null; limit?: number } = {},
): GraphQueryPage<T> {
  const limit = resolvePageLimit(options.limit);
  const cursor = options.cursor ?? null;
  let start = 0;
  if (cursor !== null) {
    let lo = 0;
    let hi = sortedItems.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(idOf(sortedItems[mid]!), cursor) <= 0) lo = mid + 1;
      else hi = mid;
    }
    start = lo;
  }
  const end = Math.min(sortedItems.length, start + limit);
  const items = sortedItems.slice(start, end);
  const truncated = end < sortedItems.length;
  return { items, truncated, nextCursor: truncated && items.length > 0 ? idOf(items[items.length - 1]!) : null };
}

/** Turns a `limit + 1` probe into a page. */
export function pageFromProbe<T>(rows: T[], limit: number, idOf: (item: T) => string): GraphQueryPage<T> {
  const truncated = rows.length > limit;
  const items = truncated ? rows.slice(0, limit) : rows;
  return { items, truncated, nextCursor: truncated && items.length > 0 ? idOf(items[items.length - 1]!) : null };
}

export function sortById<T extends { id: string }>(items: T[]): T[] {
  return items.sort((a, b) => compareIds(a.id, b.id));
}

/** Resolves a traversal depth: default 1, whole numbers >= 0. */
export function resolveDepth(depth: number | undefined): number {
  if (depth === undefined) return 1;
  if (!Number.isInteger(depth) || depth < 0) throw new TsiftError("invalid_input", `depth must be a whole number >= 0 (got ${depth})`);
  return depth;
}
