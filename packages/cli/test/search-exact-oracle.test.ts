import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

// `search --exact` answers what `rg -F` answers: the same (file, line) pairs, for the same
// case flags, through either backend (ripgrep, or the in-process scan when rg is absent).
// The oracle is ripgrep itself, run here on the project.
const rg = spawnSync("rg", ["--version"], { encoding: "utf8" }).status === 0;

const FILES = {
  "src/stream.ts": [
    "export class Stream {",
    "  isStopped = false;",
    "  // ISSTOPPED is the wire name; isstopped the config key",
    "  stop(): void { this.isStopped = true; }",
    "  pattern = /a.b*c/; // a.b*c literally, not aXbbbc",
    "  group = '(x)' + '[y]' + '{1,2}' + '$z' + '^w' + 'a|b' + '\\\\d' + '?';",
    "  aXbbbc = 1;",
    "}",
    "",
  ].join("\n"),
  "src/école.ts": [
    "// École, école and ÉCOLE: case folding beyond ASCII",
    "export const straße = 'Straße STRASSE strasse';",
    "export const kelvin = '\u212a k K'; // the Kelvin sign folds to k",
    "export const naïve = '日本語のテキスト';",
    "export const emoji = '🚀 launch';",
    "",
  ].join("\n"),
  "lib/util.py": [
    "def is_stopped(stream):",
    "    return stream.isStopped  # mixed case in Python too",
    "",
    "IS_STOPPED = 'isstopped'",
    "pattern = r'a.b*c'",
    "",
  ].join("\n"),
  "docs/notes.md": ["# Notes", "", "`isStopped` flips once; see [y] and (x).", "Straße and école again.", ""].join("\n"),
};

const QUERIES = [
  // lower case: rg is case-sensitive unless told otherwise
  "isstopped",
  "école",
  "k",
  // mixed case
  "isStopped",
  "Straße",
  "ÉCOLE",
  // regex metacharacters, literally
  "a.b*c",
  "(x)",
  "[y]",
  "{1,2}",
  "$z",
  "^w",
  "a|b",
  "\\d",
  "?",
  // unicode
  "日本語",
  "🚀",
  "naïve",
];

// The short forms (-i, -S) are read by the rewrite test below.
const CASES: { flag: string[]; rg: string }[] = [
  { flag: [], rg: "--case-sensitive" },
  { flag: ["--ignore-case"], rg: "--ignore-case" },
  { flag: ["--smart-case"], rg: "--smart-case" },
];

/** rg's own (file, line) pairs for a literal, as `path:line` strings. */
function rgHits(root: string, args: readonly string[]): string[] {
  const run = spawnSync("rg", ["--no-config", "--line-number", "--no-heading", "--null", "--color", "never", ...args], { cwd: root, encoding: "utf8" });
  expect([0, 1]).toContain(run.status);
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((record) => {
      const [path, rest] = record.split("\0") as [string, string];
      return `${path.replace(/^\.\//, "")}:${rest.slice(0, rest.indexOf(":"))}`;
    })
    .sort();
}

/** The (file, line) pairs a `tsift search --exact --json` answer lists: every line of every file hit. */
function tsiftHits(data: Record<string, unknown>): string[] {
  const hits = data.hits as { path: string; line: number; lines: number[]; match_count: number }[];
  for (const hit of hits) {
    // The project is small enough that each file's lines are all listed.
    expect(hit.lines.length).toBe(hit.match_count);
    expect(hit.lines).toContain(hit.line);
  }
  expect(hits.length).toBe(data.hit_total);
  return hits.flatMap((hit) => hit.lines.map((line) => `${hit.path}:${line}`)).sort();
}

const BACKENDS = [
  { name: "rg", env: { PATH: process.env.PATH } },
  { name: "scan", env: { PATH: process.env.PATH, TSIFT_EXACT_BACKEND: "scan" } },
] as const;

describe.skipIf(!rg)("search --exact against rg (skipped: rg is not on PATH; apt-get install -y ripgrep)", () => {
  it.each(BACKENDS)("finds the (file, line) pairs rg -F finds, for every case flag, through the $name backend", async ({ name, env }) => {
    const root = project(FILES);
    let nonEmpty = 0;
    for (const query of QUERIES) {
      for (const mode of CASES) {
        const expected = rgHits(root, ["-F", mode.rg, "-e", query, "--", "."]);
        const run = await tsift(root, ["search", query, "--exact", ...mode.flag, "--limit", "100", "--json"], { env });
        expect(run.code, run.err).toBe(0);
        const data = run.json();
        expect(data.backend).toBe(name);
        expect({ query, flag: mode.flag, hits: tsiftHits(data) }).toEqual({ query, flag: mode.flag, hits: expected });
        if (expected.length > 0) nonEmpty++;
      }
    }
    // The queries are not vacuous: nearly all of them find something in some case mode.
    expect(nonEmpty).toBeGreaterThan(QUERIES.length * 2);
  });

  it("a lower-case literal is case-sensitive by default, as in rg, and says how to ignore case", async () => {
    const root = project(FILES);
    const sensitive = (await tsift(root, ["search", "isstopped", "--exact", "--json"], { env: { PATH: process.env.PATH } })).json();
    expect(sensitive.case).toBe("sensitive");
    expect(tsiftHits(sensitive)).toEqual(["lib/util.py:4", "src/stream.ts:3"]);
    const none = await tsift(root, ["search", "issTopped", "--exact"], { env: { PATH: process.env.PATH } });
    expect(none.out).toContain("no matches (case-sensitive: -i ignores case)");
    const both = await tsift(root, ["search", "isStopped", "--exact", "-i", "-S"]);
    expect(both.code).toBe(2);
  });

  it("tsift rewrite carries rg's case flags: the rewritten search finds what the rg command finds", async () => {
    const root = project(FILES);
    for (const command of ["rg isstopped", "rg -i isstopped", "rg -S isstopped", "rg -S isStopped", "rg -in ÉCOLE src", "rg -s -i straße", "rg -i -s straße"]) {
      const rewrite = (await tsift(root, ["rewrite", command, "--json"])).json();
      expect(rewrite.rewritten, command).toBe(true);
      const argv = (rewrite.argv as string[]).filter((arg, at, all) => arg !== "--envelope" && arg !== "--budget" && all[at - 1] !== "--budget");
      const run = await tsift(root, [...argv, "--limit", "100", "--json"], { env: { PATH: process.env.PATH } });
      const words = command.split(" ").slice(1);
      const flags = words.filter((word) => word.startsWith("-"));
      const [pattern, ...paths] = words.filter((word) => !word.startsWith("-"));
      const expected = rgHits(root, [...flags, "-F", "-e", pattern!, "--", ...(paths.length ? paths : ["."])]);
      expect({ command, hits: tsiftHits(run.json()) }).toEqual({ command, hits: expected });
    }
  });
});
