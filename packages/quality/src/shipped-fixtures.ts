import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The recorded benchmark fixtures shipped with this package (`data/`), so `tsift
 * token-savings` and `tsift dci-benchmark` answer from any directory, in any project.
 * Resolved from this module's location: `../data` is the package's data directory from
 * `src/` and from the single-level `dist/` build alike.
 */
const shipped = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));

/**
 * Real reads next to tsift's bounded answers (`data/token-savings.json`, built by
 * tools/fixtures/build-token-savings.mjs). The build writes it brotli-compressed beside the
 * built code (`dist/token-savings.json.br`, 0.2 MB of the 2.1 MB), and the published package
 * ships only that copy: this is its path there, and the JSON's in the source tree.
 * `readTokenSavingsFixture` reads either.
 */
export function shippedTokenSavingsFixturePath(): string {
  const compressed = fileURLToPath(new URL("./token-savings.json.br", import.meta.url));
  return existsSync(compressed) ? compressed : shipped("token-savings.json");
}

/** Recorded search-strategy runs per lane (`data/dci-search-benchmark.json`, recorded by tools/bench/dci/run.mjs). */
export function shippedDciBenchmarkFixturePath(): string {
  return shipped("dci-search-benchmark.json");
}
