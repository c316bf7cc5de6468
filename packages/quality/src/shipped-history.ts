import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parsePerformanceHistory, type PerformanceHistory } from "./parse-performance-history";

/**
 * The recorded Graph DB performance history shipped with this package (`data/`), so a
 * gate has evidence in any project; a project never needs a copy of its own. Resolved
 * from this module's location: `../data` is the package's data directory from `src/`
 * and from the single-level `dist/` build alike.
 */
export function shippedPerformanceHistoryPath(): string {
  return fileURLToPath(new URL("../data/graph-db-performance-history.json", import.meta.url));
}

/** Reads and parses a performance history: the file at `path`, or the shipped one when none is given. */
export function readPerformanceHistory(path?: string): PerformanceHistory {
  return parsePerformanceHistory(readFileSync(path ?? shippedPerformanceHistoryPath(), "utf8"));
}
