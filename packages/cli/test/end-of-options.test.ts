import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runFastPath } from "../src/fast-run";
import { bufferedIo, EXIT_CODES, main } from "../src/index";
import type { JsonObject } from "./helpers";

const root = mkdtempSync(join(tmpdir(), "tsift-dashdash-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(join(root, "flags.ts"), 'export function parseFlags(argv: string[]) {\n  return argv.includes("-foo");\n}\n');

/** One command line through `main` (yargs) and through the fast path, which must agree. */
async function bothPaths(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const viaMain = bufferedIo({ cwd: root });
  const viaFast = bufferedIo({ cwd: root });
  const code = await main(argv, viaMain);
  expect(await runFastPath(argv, viaFast), "the fast path took the command line").toBe(code);
  expect(viaFast.out).toBe(viaMain.out);
  expect(viaFast.err).toBe(viaMain.err);
  return { code, out: viaMain.out, err: viaMain.err };
}

describe("`--` ends options", () => {
  it("searches for a word that starts with a dash", async () => {
    expect(await main(["index", "--quiet"], bufferedIo({ cwd: root }))).toBe(EXIT_CODES.ok);
    const result = await bothPaths(["search", "--json", "--strategy", "exact", "--", "-foo"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(EXIT_CODES.ok);
    const data = JSON.parse(result.out) as JsonObject;
    expect(data.query).toBe("-foo");
    expect(data.hits.map((hit: JsonObject) => hit.path)).toEqual(["flags.ts"]);
  });

  it("reads a flag-like word after `--` as the argument, not as the flag", async () => {
    const result = await bothPaths(["symbols", "--", "--json"]);
    expect(result.code).toBe(EXIT_CODES.ok);
    // `--json` after `--` is the name asked for, so the output stays human and finds nothing by that name.
    expect(result.out).not.toMatch(/^\{/);
    expect(result.out).toContain("no symbols");
  });

  it("still counts the words: one too many after `--` is a usage error", async () => {
    const result = await bothPaths(["graph", "--", "a", "b", "-c"]);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.err).toBe("tsift: error[usage]: unexpected argument -c (next: tsift graph --help)\n");
  });

  it("before the command word, leaves no command", async () => {
    const result = await bothPaths(["--", "search", "x"]);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.err).toMatch(/^tsift: error\[usage\]: missing command/);
  });
});
