import { describe, expect, it } from "vitest";
import { runFastPath } from "../src/fast-run";
import { bufferedIo, EXIT_CODES, main } from "../src/index";
import { repoRoot, spawnTsift } from "./helpers";

/** The same mistake through `main` (yargs) and the fast path: one line, the same words, exit 2. */
async function bothPaths(argv: string[]): Promise<string> {
  const viaMain = bufferedIo({ cwd: repoRoot });
  const viaFast = bufferedIo({ cwd: repoRoot });
  expect(await main(argv, viaMain)).toBe(EXIT_CODES.usage);
  expect(await runFastPath(argv, viaFast)).toBe(EXIT_CODES.usage);
  expect(viaFast.err).toBe(viaMain.err);
  expect(viaMain.out + viaFast.out).toBe("");
  expect(viaMain.err.trimEnd().split("\n")).toHaveLength(1);
  return viaMain.err;
}

describe("usage errors name the word", () => {
  it.each([
    [["search", "foo", "--limt", "3"], "unknown option --limt (did you mean --limit?)", "tsift search --help"],
    [["search"], "missing argument <query>", "tsift search --help"],
    [["serach", "foo"], "unknown command serach (did you mean search?)", "tsift --help"],
    [["path", "a"], "missing argument <to>", "tsift path --help"],
    [["graph-db", "stauts"], "unknown command graph-db stauts (did you mean graph-db status?)", "tsift graph-db --help"],
    [["graph-db"], "missing argument <command>", "tsift graph-db --help"],
    [["--jsn", "status"], "unknown option --jsn (did you mean --json?)", "tsift --help"],
    [["search", "q", "--strategy", "fuzzy"], "invalid value fuzzy for --strategy (choose lexical, exact, hybrid, semantic)", "tsift search --help"],
    [["graph", "a", "b", "c"], "unexpected argument c", "tsift graph --help"],
  ])("%j", async (argv, message, hint) => {
    expect(await bothPaths(argv)).toBe(`tsift: error[usage]: ${message} (next: ${hint})\n`);
  });

  it("leaves what is not a mistake to yargs: help, camel-case spellings, one-letter clusters and stuck values", async () => {
    expect(await runFastPath(["search", "q", "--help"], bufferedIo({ cwd: repoRoot }))).toBeUndefined();
    expect(await runFastPath(["symbols", "--maxItems", "2"], bufferedIo({ cwd: repoRoot }))).toBeUndefined();
    expect(await runFastPath(["index", "-qq"], bufferedIo({ cwd: repoRoot }))).toBeUndefined();
    expect(await runFastPath(["symbols", "-l5"], bufferedIo({ cwd: repoRoot }))).toBeUndefined();
  });

  it("checks --limit with one message on every command, on both paths", async () => {
    for (const argv of [
      ["symbols", "--limit", "-1"],
      ["graph", "x", "--limit", "1.5"],
      ["search", "x", "-l", "-2"],
      ["status", "--limit", "-1"],
      ["graph-db", "edges", "--limit", "-1"],
    ]) {
      const viaMain = bufferedIo({ cwd: repoRoot });
      const viaFast = bufferedIo({ cwd: repoRoot });
      expect(await main(argv, viaMain)).toBe(EXIT_CODES.usage);
      expect(await runFastPath(argv, viaFast)).toBe(EXIT_CODES.usage);
      expect(viaFast.err).toBe(viaMain.err);
      expect(viaMain.err).toMatch(/^tsift: error\[usage\]: --limit expects a whole number >= 0, got "-?[\d.]+" \(next: tsift [\w -]+ --help\)\n$/);
    }
  });

  it("quotes what was typed for a number option that is not a number, on every number option and both paths", async () => {
    for (const [argv, message] of [
      [["symbols", "--limit", "abc"], '--limit expects a whole number >= 0, got "abc"'],
      [["search", "x", "-l", "1e3x"], '--limit expects a whole number >= 0, got "1e3x"'],
      [["session-review", "--sessions", "five"], '--sessions expects a positive integer, got "five"'],
      [["symbols", "--max-items", "lots"], '--max-items expects a number, got "lots"'],
      [["daemon", "start", "--idle=soon"], '--idle expects a number, got "soon"'],
    ] as const) {
      const viaMain = bufferedIo({ cwd: repoRoot });
      const viaFast = bufferedIo({ cwd: repoRoot });
      expect(await main([...argv], viaMain)).toBe(EXIT_CODES.usage);
      expect(await runFastPath([...argv], viaFast)).toBe(EXIT_CODES.usage);
      expect(viaFast.err).toBe(viaMain.err);
      expect(viaMain.err.startsWith(`tsift: error[usage]: ${message} (next: tsift `), viaMain.err).toBe(true);
      expect(viaMain.err).not.toContain("NaN");
    }
  });

  it("reaches the terminal as one line with exit code 2 through the binary", () => {
    const result = spawnTsift(repoRoot, ["search", "foo", "--limt", "3"]);
    expect(result).toEqual({ code: 2, out: "", err: "tsift: error[usage]: unknown option --limt (did you mean --limit?) (next: tsift search --help)\n" });
  });
});
