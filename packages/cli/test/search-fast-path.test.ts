import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { project, spawnBuilt, tsift, tsiftAsBinary, write } from "./index-helpers";

/**
 * The built binary answers `search` and `related` without yargs
 * (`fast-run.ts`); its output, stderr and exit code must be what the
 * yargs path (`main`) gives for the same command line. Both run in-process for every case
 * (`tsiftAsBinary` takes the binary's route); a few cases also spawn the binary, to prove it
 * takes that route. Exact search is left out: in-process runs see no PATH, so they never pick ripgrep.
 */
const FILES = {
  "src/retry.ts":
    "/** Retries with exponential backoff. */\nexport async function retryWithBackoff(attempts = 5): Promise<number> {\n  return attempts * 2;\n}\n",
  "src/users.ts":
    "export function getUserName(id: string): string {\n  return id.toUpperCase();\n}\n\nexport class UserStore {\n  get(id: string): string {\n    return getUserName(id);\n  }\n}\n",
};

/**
 * One project, indexed and embedded before the cases, so both paths read the same state and
 * neither refreshes. The cases only read it: a case that changed it would show up as the two
 * paths disagreeing in a later case.
 */
let root: string;
beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-search-fast-path-")));
  write(root, FILES);
  expect((await tsift(root, ["search", "user name", "--strategy", "hybrid", "--json"])).code).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CASES: string[][] = [
  ["search", "retry with exponential backoff"],
  ["search", "user name", "--json"],
  ["--json", "search", "user store", "-l", "1"],
  ["search", "user name", "--strategy", "hybrid", "--alpha", "0.3", "--pretty"],
  ["search", "user name", "-s", "semantic", "--compact"],
  ["search", "user name", "--lang", "typescript", "--kind", "function", "--terse"],
  ["search", "user", "--path", "src/users.ts", "--schema"],
  ["search", "user name", "--budget", "small"],
  ["search", "user name", "--max-items=1", "--tabular"],
  ["search", "user name", "--no-autoindex", "--timeout", "0", "--envelope"],
  ["search", "user name", "--limit", "-1"],
  ["search", "user name", "--limit", "1.5"],
  ["search", "user name", "--alpha", "2"],
  ["search", "   "],
  ["search", "user", "--exact", "--strategy", "hybrid"],
  ["search", "user", "--scope", "nowhere"],
  ["related", "src/users.ts:2", "--json"],
  ["related", "src/users.ts:6", "-l", "1"],
  ["related", "src/nowhere.ts:1"],
  ["related", "not-a-target"],
];

/** One of each command, one usage mistake the fast parser reports itself. */
const SPAWNED: string[][] = [
  ["search", "user name", "--json"],
  ["related", "src/users.ts:6", "-l", "1"],
  ["search", "user name", "--alpha", "2"],
];

describe("the search commands' fast path", () => {
  it.each(CASES.map((argv) => [argv.join(" "), argv] as const))("`%s` matches the yargs path", async (_label, argv) => {
    const viaYargs = await tsift(root, argv);
    const viaFastPath = await tsiftAsBinary(root, argv);
    expect(viaFastPath).toEqual({ code: viaYargs.code, out: viaYargs.out, err: viaYargs.err });
  });

  it.each(SPAWNED.map((argv) => [argv.join(" "), argv] as const))("the built binary answers `%s` as the in-process route does", async (_label, argv) => {
    const viaBinary = spawnBuilt(root, argv);
    expect({ code: viaBinary.code, out: viaBinary.out, err: viaBinary.err }).toEqual(await tsiftAsBinary(root, argv));
  });

  it("parses plain invocations and leaves everything else to yargs", () => {
    const parse = (command: string, argv: string[]) => parseArgv([command, ...argv])?.args;
    expect(parse("search", ["a b", "-l", "5", "--json", "--no-autoindex"])).toEqual({
      query: "a b",
      limit: 5,
      json: true,
      autoindex: false,
      exact: false,
      "ignore-case": false,
      "smart-case": false,
      federated: false,
      timeout: 30,
    });
    expect(parse("search", ["q", "--lang", "rust", "--lang=python", "--submodule", "x"])).toEqual({
      query: "q",
      lang: ["rust", "python"],
      scope: "x",
      limit: 10,
      exact: false,
      "ignore-case": false,
      "smart-case": false,
      federated: false,
      autoindex: true,
      timeout: 30,
    });
    expect(parse("search", ["isstopped", "--exact", "-i"])).toMatchObject({ exact: true, "ignore-case": true, "smart-case": false });
    expect(parse("search", ["isstopped", "--exact", "-S"])).toMatchObject({ exact: true, "ignore-case": false, "smart-case": true });
    expect(parse("related", ["src/a.ts:3", "--model", "m"])).toEqual({ target: "src/a.ts:3", model: "m", limit: 10 });
    for (const argv of [
      ["--help"],
      ["q", "-h"],
      [],
      // The query, then the project directory: a third word is one too many.
      ["a", "b", "c"],
      ["q", "--unknown"],
      ["q", "--limit", "x"],
      ["q", "--strategy", "bogus"],
      ["q", "--no-autoindex", "--autoindex"],
      ["q", "--no-autoindex", "--no-autoindex"],
      ["q", "--no-limit"],
      ["q", "--path", "--no-autoindex"],
      ["--lang", "rust", "q"],
    ]) {
      expect(parse("search", argv), argv.join(" ")).toBeUndefined();
    }
  });

  it("usage errors name the missing argument through the binary", () => {
    const result = spawnBuilt(project(FILES), ["search"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/missing argument <query>/);
  });
});
