import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { fixtureCopy } from "./graph-helpers";
import { spawnBuilt, tsift, tsiftAsBinary } from "./index-helpers";

/**
 * The built binary answers graph, explain, path, communities, analyze and symbols
 * without yargs (`fast-run.ts`); its output, stderr and exit code must be
 * what the yargs path (`main`) gives for the same command line. Both run in-process for every
 * case (`tsiftAsBinary` takes the binary's route); a few cases also spawn the binary, to prove
 * it takes that route.
 */
let fixture: ReturnType<typeof fixtureCopy>;
beforeAll(async () => {
  fixture = fixtureCopy("precise-callers");
  // Index, and cache both the community partition and the PageRank ranking, so both paths read the same state.
  expect((await tsift(fixture.root, ["explain", "main"])).code).toBe(0);
});
afterAll(() => fixture.remove());

const CASES: string[][] = [
  ["graph", "Store.get"],
  ["graph", "Store.getOr", "--callers", "--json"],
  ["graph", "get", "--callees"],
  ["graph", "nothing-like-this", "--json"],
  ["graph", "src/cache.ts:12", "-l", "1", "--compact"],
  ["--json", "explain", "Cache.peek"],
  ["explain", "Cache.peek", "--budget", "small", "--json"],
  ["explain", "Cache.peek", "--max-items=1", "--tabular"],
  ["path", "main", "Store.get", "--pretty"],
  ["path", "main", "legacy"],
  ["communities", "--min-size", "3", "--limit", "2", "--terse"],
  ["analyze", "--entry", "main", "--entry", "health", "--limit", "3"],
  ["--envelope", "analyze"],
  ["symbols", "get", "--limit", "2", "--schema"],
  ["symbols", "--kind", "method", "--json"],
  ["graph", "Store.get", "--limit", "-1"],
];

/** Read commands of each kind: a graph query, one under a budget, a whole-graph pass, a listing. */
const SPAWNED: string[][] = [
  ["graph", "Store.getOr", "--callers", "--json"],
  ["explain", "Cache.peek", "--budget", "small", "--json"],
  ["communities", "--min-size", "3", "--limit", "2", "--terse"],
  ["symbols", "--kind", "method", "--json"],
];

describe("the read commands' fast path", () => {
  it.each(CASES.map((argv) => [argv.join(" "), argv] as const))("`%s` matches the yargs path", async (_label, argv) => {
    const viaYargs = await tsift(fixture.root, argv);
    const viaFastPath = await tsiftAsBinary(fixture.root, argv);
    expect(viaFastPath).toEqual({ code: viaYargs.code, out: viaYargs.out, err: viaYargs.err });
  });

  it.each(SPAWNED.map((argv) => [argv.join(" "), argv] as const))("the built binary answers `%s` as the in-process route does", async (_label, argv) => {
    const viaBinary = spawnBuilt(fixture.root, argv);
    expect({ code: viaBinary.code, out: viaBinary.out, err: viaBinary.err }).toEqual(await tsiftAsBinary(fixture.root, argv));
  });

  it("parses plain invocations and leaves everything else to yargs", () => {
    const parse = (command: string, argv: string[]) => parseArgv([command, ...argv])?.args;
    expect(parse("graph", ["alpha", "--callers", "-l", "5", "--json"])).toEqual({ symbol: "alpha", callers: true, limit: 5, json: true });
    expect(parse("path", ["a", "b", "dir", "--scope=x"])).toEqual({ from: "a", to: "b", dir: "dir", scope: "x", undirected: false });
    expect(parse("analyze", ["--entry", "a", "--entry", "b"])).toEqual({ entry: ["a", "b"], limit: 20 });
    expect(parse("communities", [])).toEqual({ "min-size": 2, limit: 10 });
    for (const argv of [
      ["--help"],
      ["alpha", "-h"],
      ["alpha", "--unknown"],
      ["alpha", "--limit", "x"],
      ["alpha", "--limit"],
      [],
      ["a", "b", "c"],
      ["alpha", "--json=true"],
      ["alpha", "--callers", "--callers"],
    ]) {
      expect(parse("graph", argv), argv.join(" ")).toBeUndefined();
    }
    expect(parse("explain", ["alpha", "--budget", "huge"])).toBeUndefined();
    // yargs arrays are greedy (`--entry main dir` makes `dir` an entry too): left to yargs.
    expect(parse("analyze", ["--entry", "main", "dir"])).toBeUndefined();
  });

  it("usage errors name the missing argument through the binary", () => {
    const result = spawnBuilt(fixture.root, ["graph"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/missing argument <symbol>/);
  });
});
