import { beforeAll, describe, expect, it } from "vitest";
import { bufferedIo, main } from "../src/index";
import { parseArgv } from "../src/definition/parse-argv";
import { runFastPath } from "../src/fast-run";
import { CONFORMANCE_TREE, graphDb, indexedProject, sym } from "./graph-db-helpers";

/**
 * The yargs-free fast path must be invisible: every plain read answers byte for byte as
 * the yargs handler does, and anything else is left to yargs.
 */
const runGraphDbFast = (argv: string[], io: ReturnType<typeof bufferedIo>) => runFastPath(["graph-db", ...argv], io);
function parseGraphDbReadArgv(argv: string[]) {
  const parsed = parseArgv(["graph-db", ...argv]);
  return parsed && { sub: parsed.resolved.command.name, args: parsed.args };
}

describe("graph-db reads without yargs", () => {
  const root = indexedProject(CONFORMANCE_TREE);
  const READS: string[][] = [
    ["status"],
    ["status", "--json"],
    ["--json", "schema"],
    ["node", sym("main"), "--pretty"],
    ["node", "nope", "--json"],
    ["edges", "--edge-kind", "calls", "--limit", "3", "--json"],
    ["edges", "--property", "resolution=same_file", "--tabular"],
    ["incident", sym("alpha"), "--edge-kind=calls", "--terse"],
    ["kind", "symbol", "--property", "path=main.rs", "--limit", "2", "--cursor", sym("alpha"), "--schema"],
    ["--path", ".", "kind", "file", "--compact"],
    ["neighborhood", sym("main"), "--depth", "3", "--direction", "both", "--limit", "4", "--envelope"],
    ["path", sym("main"), sym("helper"), "--max-hops", "2", "--json"],
    ["path", sym("main"), sym("helper")],
    ["--backend", "libsql", "node", sym("alpha"), "--json"],
    ["kind", "symbol", "--limit", "-1"],
  ];

  beforeAll(() => {
    expect(graphDb(root, "sqlite", "refresh").code).toBe(0);
  });

  it.each(READS.map((argv) => [argv]))("answers %j exactly as the yargs handler", async (argv: string[]) => {
    const viaYargs = bufferedIo({ cwd: root });
    const yargsCode = await main(["graph-db", ...argv], viaYargs);
    const fast = bufferedIo({ cwd: root });
    const fastCode = await runGraphDbFast(argv, fast);
    expect(fastCode).toBe(yargsCode);
    expect(fast.out).toBe(viaYargs.out);
    expect(fast.err).toBe(viaYargs.err);
  });

  it.each([[["refresh", "--json"]], [["--json", "refresh", "--force"]], [["doctor", "--json"]]])(
    "runs %j as the yargs handler does, timings aside",
    async (argv: string[]) => {
      // Refresh and doctor report their own durations: compare everything else.
      const timeless = (out: string) => out.replace(/"(duration_micros)":\d+/g, '"$1":0');
      const viaYargs = bufferedIo({ cwd: root });
      const yargsCode = await main(["graph-db", ...argv], viaYargs);
      const fast = bufferedIo({ cwd: root });
      const fastCode = await runGraphDbFast(argv, fast);
      expect(fastCode).toBe(yargsCode);
      expect(timeless(fast.out)).toBe(timeless(viaYargs.out));
      expect(fast.err).toBe(viaYargs.err);
    },
  );

  it("leaves help, unknown or ambiguous options and missing arguments to yargs", () => {
    expect(parseGraphDbReadArgv(["refresh", "--update-index"])).toMatchObject({ sub: "refresh", args: { "update-index": true, force: false } });
    // Every subcommand parses from the same definitions, writes included; a trailing word is the project directory.
    expect(parseGraphDbReadArgv(["refresh", "--no-force"])).toMatchObject({ sub: "refresh", args: { force: false } });
    expect(parseGraphDbReadArgv(["compact", "--apply"])).toMatchObject({ sub: "compact", args: { apply: true } });
    expect(parseGraphDbReadArgv(["import", "rows.json"])).toMatchObject({ sub: "import", args: { file: "rows.json" } });
    expect(parseGraphDbReadArgv(["node", "a", "b"])).toMatchObject({ sub: "node", args: { id: "a", dir: "b" } });
    for (const argv of [
      ["refresh", "--force=true"],
      ["doctor", "extra", "more"],
      ["node"],
      ["node", "a", "b", "c"],
      ["status", "--help"],
      ["kind", "symbol", "--bogus"],
      ["kind", "symbol", "--limit", "x"],
      ["neighborhood", "a", "--direction", "sideways"],
      ["edges", "--edge-kind", "calls", "defines"],
      ["status", "--json", "--json"],
      ["--", "status"],
      [],
    ]) {
      expect(parseGraphDbReadArgv(argv), argv.join(" ")).toBeUndefined();
    }
    expect(parseGraphDbReadArgv(["--path", "node", "node", "x"])).toMatchObject({ sub: "node", args: { path: "node", id: "x", backend: "sqlite" } });
  });
});
