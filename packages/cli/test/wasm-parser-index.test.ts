import Database from "better-sqlite3";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot, spawnTsift } from "./helpers";

/**
 * A small project in many languages: the language fixtures' sources, without Markdown (its
 * grammar package ships no `.wasm` build, so it parses only natively).
 */
function fixtureProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-wasm-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixtures = join(repoRoot, "fixtures", "languages");
  for (const lang of readdirSync(fixtures).filter((name) => name !== "markdown"))
    cpSync(join(fixtures, lang), join(dir, lang), { recursive: true, filter: (source) => !source.endsWith("expected.json") });
  return dir;
}

/** What the index holds, in an order that does not depend on row ids. */
function indexed(dir: string) {
  const db = new Database(join(dir, ".tsift", "index.db"), { readonly: true });
  try {
    return {
      files: db.prepare("SELECT path, language, has_errors, skip_reason FROM files ORDER BY path").all(),
      symbols: db
        .prepare(
          "SELECT file, name, kind, language, signature, line, end_line, parent, qualified_name, visibility, cyclomatic, max_nesting, lines, level FROM symbols ORDER BY file, line, end_line, qualified_name, kind",
        )
        .all(),
      calls: db
        .prepare(
          `SELECT c.file, c.caller_name, c.callee_name, c.receiver, c.line, c.kind, c.resolution, s.qualified_name AS target
           FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id
           ORDER BY c.file, c.line, c.callee_name, c.caller_name, c.receiver, c.kind, c.resolution, target`,
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

describe("indexing with the WebAssembly parser", () => {
  it("gives the same files, symbols and calls as the native parser", () => {
    const native = fixtureProject();
    const wasm = fixtureProject();
    const env = { TSIFT_NO_DAEMON: "1" };

    const nativeRun = spawnTsift(native, ["index", "--json"], env);
    const wasmRun = spawnTsift(wasm, ["index", "--json"], { ...env, TSIFT_PARSER: "wasm" });

    expect(nativeRun.code, nativeRun.err).toBe(0);
    expect(wasmRun.code, wasmRun.err).toBe(0);
    const nativeIndex = indexed(native);
    expect(nativeIndex.symbols.length).toBeGreaterThan(100);
    expect(nativeIndex.calls.length).toBeGreaterThan(100);
    expect(indexed(wasm)).toEqual(nativeIndex);
    // Forced, so no notice: the notice is for a fallback nobody asked for.
    expect(wasmRun.err).not.toContain("WebAssembly");
  });

  it("falls back by itself when the native binding cannot load, and says so once on stderr", () => {
    const native = fixtureProject();
    const fallback = fixtureProject();
    // What an install whose optional tree-sitter build failed looks like: the package is absent.
    const hide = join(mkdtempSync(join(tmpdir(), "tsift-no-native-")), "hide-tree-sitter.cjs");
    afterAll(() => rmSync(join(hide, ".."), { recursive: true, force: true }));
    writeFileSync(
      hide,
      `const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "tree-sitter" || request.startsWith("tree-sitter/")) throw Object.assign(new Error("Cannot find module 'tree-sitter'"), { code: "MODULE_NOT_FOUND" });
  return resolve.call(this, request, ...rest);
};
`,
    );
    const env = { TSIFT_NO_DAEMON: "1" };

    const nativeRun = spawnTsift(native, ["index", "--json"], env);
    const fallbackRun = spawnTsift(fallback, ["index", "--json"], { ...env, NODE_OPTIONS: `--require ${hide}` });

    expect(nativeRun.code, nativeRun.err).toBe(0);
    expect(fallbackRun.code, fallbackRun.err).toBe(0);
    expect(indexed(fallback)).toEqual(indexed(native));
    const notices = fallbackRun.err.split("\n").filter((line) => line.includes("WebAssembly"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/native tree-sitter binding did not load .*npm rebuild tree-sitter/);
  });
});
