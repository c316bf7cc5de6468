import { TsiftError } from "./errors";

/**
 * The most work one graph read may be asked for. A larger request is lowered to the
 * maximum and says so in a warning (the CLI prints it on stderr), so a typo such as
 * `--depth 200000` costs a bounded walk instead of minutes, and never an error.
 */
export const GRAPH_QUERY_LIMITS = {
  /** `neighborhood --depth`: more hops than any code graph is deep. */
  depth: 1_000,
  /** `path --max-hops` / `traverse --max-hops`. */
  maxHops: 1_000,
  /** Rows in one page of `edges`, `incident`, `kind`, `neighborhood`; `--limit 0` means this many. */
  pageLimit: 10_000,
  /** `traverse --limit`: nodes in one slice (its walk compares every candidate per pick). */
  traverseNodes: 1_000,
  /** `traverse --depth`. */
  traverseDepth: 100,
  /**
   * `--edge-kind` values and `--property` filters in one read. Each is a bound SQL parameter
   * or an EXISTS probe; dropping some would change the answer, so more are refused.
   */
  filterValues: 100,
} as const;

export interface CappedValue {
  value: number | undefined;
  /** Set when the request was lowered. */
  warning?: string;
}

/** Lowers `value` to `max`, naming the flag in the warning (undefined stays undefined: the default applies). */
export function capAtMost(flag: string, value: number | undefined, max: number): CappedValue {
  if (value === undefined || !Number.isFinite(value) || value <= max) return { value };
  return { value: max, warning: `${flag} ${value} is above the maximum ${max}; used ${flag} ${max}` };
}

export interface CappedPageLimit {
  limit: number | undefined;
  /** True when `0` (all) was asked for and the page is bounded by the maximum instead. */
  all: boolean;
  warning?: string;
}

/** A page size: `0` (all) becomes the maximum, larger sizes are lowered to it. */
export function capPageLimit(limit: number | undefined, max: number = GRAPH_QUERY_LIMITS.pageLimit): CappedPageLimit {
  if (limit === 0) return { limit: max, all: true };
  const capped = capAtMost("--limit", limit, max);
  return capped.warning ? { limit: capped.value, all: false, warning: capped.warning } : { limit: capped.value, all: false };
}

/** The warning for `--limit 0` when the page stopped at the maximum. */
export function allPageWarning(max: number, nextCursor: string | null): string {
  return `--limit 0 returns at most ${max} rows per page; pass --cursor ${nextCursor ?? "<page.next_cursor>"} for the next page`;
}

/** Refuses more filter values than GRAPH_QUERY_LIMITS.filterValues (`invalid_input`, exit 2 in the CLI). */
export function checkFilterSize(flag: string, count: number): void {
  if (count > GRAPH_QUERY_LIMITS.filterValues)
    throw new TsiftError("invalid_input", `${flag} takes at most ${GRAPH_QUERY_LIMITS.filterValues} values in one read (got ${count})`, {
      hint: "split the read into several, or leave the filter out",
    });
}
