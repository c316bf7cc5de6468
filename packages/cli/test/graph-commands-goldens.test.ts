import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/index";
import { fixtureCopy } from "./graph-helpers";
import { tsift } from "./index-helpers";

/**
 * Golden output of graph, explain, path, communities and analyze in every output mode,
 * on fixtures/canonical (and the ambiguity listing on fixtures/precise-callers). Only
 * what must vary is normalised: the temp root, the tool version, and the community
 * cache key (a hash over the tool version and the indexed files).
 */
const MODES: Record<string, string[]> = {
  text: [],
  json: ["--json"],
  pretty: ["--pretty"],
  terse: ["--terse"],
  schema: ["--schema"],
  "schema-terse": ["--schema", "--terse"],
  tabular: ["--tabular"],
  compact: ["--compact"],
  absolute: ["--absolute", "--json"],
  envelope: ["--envelope"],
};

const COMMANDS: Record<string, string[]> = {
  graph: ["graph", "alpha"],
  path: ["path", "main", "helper"],
  communities: ["communities"],
  explain: ["explain", "alpha"],
  analyze: ["analyze", "--entry", "main"],
};

function normalise(text: string, root: string): string {
  return text
    .replaceAll(root, "<root>")
    .replaceAll(VERSION, "<version>")
    .replace(/("cache_key": ?)"[0-9a-f]{32}"/g, '$1"<key>"');
}

const fixtures: Array<ReturnType<typeof fixtureCopy>> = [];
let canonical: string;
let precise: string;
beforeAll(async () => {
  fixtures.push(fixtureCopy("canonical"), fixtureCopy("precise-callers"));
  [canonical, precise] = fixtures.map((fixture) => fixture.root) as [string, string];
  // Index and compute the community cache first, so every golden shows the same (cached) state.
  for (const root of [canonical, precise]) expect((await tsift(root, ["explain", "main"])).code).toBe(0);
});
afterAll(() => {
  for (const fixture of fixtures) fixture.remove();
});

const golden = async (file: string, argv: string[], root = canonical, code = 0) => {
  const result = await tsift(root, argv);
  expect(result.code, result.err).toBe(code);
  await expect(normalise(result.out, root)).toMatchFileSnapshot(join("goldens", file));
  return result;
};

describe("graph commands: every output mode", () => {
  for (const [command, argv] of Object.entries(COMMANDS)) {
    it(`${command}`, async () => {
      for (const [mode, flags] of Object.entries(MODES)) await golden(join(command, `${mode}.txt`), [...flags, ...argv]);
    });
  }

  it("graph: one direction and a cap", async () => {
    await golden("graph/callers.txt", ["graph", "alpha", "--callers"]);
    await golden("graph/callees-json.txt", ["graph", "alpha", "--callees", "--json"]);
    await golden("graph/limit-1.txt", ["graph", "alpha", "--limit", "1", "--compact"]);
  });

  it("path: not connected", async () => {
    await golden("path/none.txt", ["path", "main", "delta"]);
    await golden("path/none-json.txt", ["path", "main", "delta", "--json"]);
  });

  it("explain: preview budgets", async () => {
    await golden("explain/budget-small.txt", ["explain", "alpha", "--budget", "small", "--json"]);
    await golden("explain/budget-text.txt", ["explain", "alpha", "--budget", "small"]);
    await golden("explain/max-items-bytes.txt", ["explain", "alpha", "--max-items", "1", "--max-bytes", "8", "--json"]);
  });

  it("communities and analyze: limits", async () => {
    await golden("communities/limit-1.txt", ["communities", "--limit", "1"]);
    await golden("analyze/limit-2.txt", ["analyze", "--limit", "2"]);
  });

  it("an ambiguous symbol lists its candidates (exit 2)", async () => {
    for (const mode of ["text", "json", "compact", "tabular", "envelope"])
      await golden(join("graph", `ambiguous-${mode}.txt`), [...MODES[mode]!, "graph", "get"], precise, 2);
    await golden("explain/not-found.txt", ["explain", "Stoer.gte"], precise, 3);
  });
});
