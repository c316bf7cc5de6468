import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin, repoRoot } from "./helpers";
import { spawnBuilt, write } from "./index-helpers";

/** Files with calls between them, so every graph command has something to list. */
const TREE = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `src/m${i}.ts`,
    `export function step${i}(value: number): number {\n  return ${i === 11 ? "value" : `step${i + 1}(value + ${i})`};\n}\nexport function side${i}() {\n  return step${i}(${i});\n}\n`,
  ]),
);

/** Every command that prints more than one line, and a yargs-only line (a greedy array) and help pages. */
const COMMANDS: readonly (readonly string[])[] = [
  ["--help"],
  ["search", "--help"],
  ["completion", "bash"],
  ["index", "--rebuild"],
  ["symbols"],
  ["symbols", "--lang", "typescript", "rust"],
  ["search", "step"],
  ["explain", "step3"],
  ["graph", "step3"],
  ["path", "step0", "step11"],
  ["communities"],
  ["analyze"],
  ["status"],
  ["source-read", "src/m1.ts"],
  ["related", "src/m1.ts:2"],
  ["traverse", "step3"],
  ["graph-db", "status"],
  ["graph-db", "schema"],
  ["symbols", "--json"],
];

/**
 * The published bin asks for a daemon, then imports the CLI's own entry, which takes the
 * routes above: it runs one line of each route (a parser-free answer, a fast-parser read, a
 * yargs-only line, a writer, a graph command), the CLI's entry every line.
 */
const PUBLISHED_COMMANDS: readonly (readonly string[])[] = [
  ["--help"],
  ["symbols"],
  ["symbols", "--lang", "typescript", "rust"],
  ["index", "--rebuild"],
  ["graph", "step3"],
];

/**
 * A reader that goes away early (`tsift … | head -1`) is not a failure: on either entry,
 * whichever path answers (the library-free fast path, the fast parser, yargs), tsift
 * exits 0 and writes nothing to stderr. The pipe here is real and closed before tsift
 * writes its first byte, so every write meets EPIPE.
 */
const ENTRIES = {
  published: { entry: join(repoRoot, "bin", "tsift.js"), commands: PUBLISHED_COMMANDS },
  cli: { entry: builtBin, commands: COMMANDS },
} as const;

/** Runs `entry argv` with stdout's read end (or stderr's) closed at once. */
function closedEarly(
  entry: string,
  argv: readonly string[],
  cwd: string,
  closed: "stdout" | "stderr",
): Promise<{ code: number | null; signal: string | null; other: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...argv], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let other = "";
    child[closed].destroy();
    child[closed === "stdout" ? "stderr" : "stdout"].on("data", (chunk: Buffer) => (other += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, other }));
  });
}

describe("EPIPE", () => {
  // One project for every test here (index-helpers' `project` lasts a single test).
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-epipe-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(() => {
    write(root, TREE);
    expect(spawnBuilt(root, ["index"]).code).toBe(0);
    expect(spawnBuilt(root, ["graph-db", "refresh"]).code).toBe(0);
  });

  for (const [name, { entry, commands }] of Object.entries(ENTRIES)) {
    it(`exits 0 with nothing on stderr when stdout closes early, on every command (${name})`, async () => {
      const failures: string[] = [];
      for (const argv of commands) {
        const result = await closedEarly(entry, argv, root, "stdout");
        if (result.code !== 0 || result.other !== "")
          failures.push(`${argv.join(" ")}: exit ${result.code ?? result.signal}, stderr ${JSON.stringify(result.other.slice(0, 200))}`);
      }
      expect(failures).toEqual([]);
    });

    it(`keeps the command's exit code and its stdout when stderr closes early (${name})`, async () => {
      const usage = await closedEarly(entry, ["search"], root, "stderr");
      expect(usage).toMatchObject({ code: 2, signal: null, other: "" });
      const missing = await closedEarly(entry, ["graph", "no_such_symbol"], root, "stderr");
      expect(missing.code).toBe(3);
      const fine = await closedEarly(entry, ["symbols", "step1"], root, "stderr");
      expect(fine.code).toBe(0);
      expect(fine.other).toContain("step1");
    });
  }
});
