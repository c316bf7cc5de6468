/**
 * Go's own view of a tree: runs oracle.go (beside this file) with `go run` and returns its
 * records, one object per line of its output (see oracle.go's comment for their shapes).
 */
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export function goOracleRows(corpus) {
  const oracleDir = dirname(fileURLToPath(import.meta.url));
  const run = spawnSync("go", ["run", "oracle.go", corpus], { cwd: oracleDir, maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`go run oracle.go failed: ${run.stderr || run.error?.message}`);
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
