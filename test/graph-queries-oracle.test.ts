import { cpSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProject, type Project } from "../src/index";
import { removeTempDirs, repoRoot, tempDir } from "./cli-parity";
// @ts-expect-error: a plain .mjs maintainer module without types
import { builtCli, checkGraphQueries } from "../tools/bench/oracles/graph-oracle.mjs";

// tsift's graph queries against oracles that share none of its code (see
// tools/bench/oracles/graph-oracle.mjs): `path` against a breadth-first search over the call
// edges read from index.db with SQL, `graph` against index.db's call rows, `explain` and
// `traverse` against `graph`, every call site against its file's line, and the built CLI's
// --json against openProject. The corpus is a real project: a copy of
// packages/algorithms/src (37 TypeScript files). tools/bench/oracles/graph-queries.mjs runs
// the same checks on rxjs and effect.

interface OracleResult {
  checked: Record<string, number>;
  mismatches: { kind: string }[];
  corpus: { symbols: number; call_edges: number };
}

let root: string;
let project: Project;
let result: OracleResult;

beforeAll(async () => {
  root = tempDir("tsift-graph-oracle-");
  cpSync(join(repoRoot, "packages", "algorithms", "src"), root, { recursive: true });
  project = openProject(root);
  await project.index({ quiet: true });
  result = (await checkGraphQueries({
    root,
    project,
    cli: builtCli(join(repoRoot, "packages", "cli", "dist", "bin.js"), root),
    pairs: 45,
    symbols: 12,
    cliSample: 3,
  })) as OracleResult;
});

afterAll(async () => {
  await project.close();
  removeTempDirs();
});

describe("graph queries agree with independent oracles", () => {
  it("checks a real call graph", () => {
    expect(result.corpus.call_edges).toBeGreaterThan(50);
    expect(result.checked.path_pairs).toBe(45);
    expect(result.checked.path_hops).toBeGreaterThan(0);
    expect(result.checked.traverse_relations).toBeGreaterThan(0);
    expect(result.checked.cli_equal).toBe(3 * 2 + 3 * 5);
  });

  it("finds no mismatch", () => {
    expect(result.mismatches.slice(0, 10)).toEqual([]);
  });
});
