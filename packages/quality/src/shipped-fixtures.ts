import { fileURLToPath } from "node:url";

/**
 * The recorded benchmark fixtures shipped with this package (`data/`), so `tsift
 * token-savings` and `tsift dci-benchmark` answer from any directory, in any project.
 * Resolved from this module's location: `../data` is the package's data directory from
 * `src/` and from the single-level `dist/` build alike.
 */
const shipped = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));

/** Real reads next to tsift's bounded answers (`data/token-savings.json`, built by tools/fixtures/build-token-savings.mjs). */
export function shippedTokenSavingsFixturePath(): string {
  return shipped("token-savings.json");
}

/** Recorded search-strategy runs per lane (`data/dci-search-benchmark.json`, recorded by tools/bench/dci/run.mjs). */
export function shippedDciBenchmarkFixturePath(): string {
  return shipped("dci-search-benchmark.json");
}
