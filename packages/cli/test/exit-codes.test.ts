import Database from "better-sqlite3";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "../src/index";
import { repoRoot, spawnTsift } from "./helpers";
import { holdIndexLock, project, spawnBuilt } from "./index-helpers";

const TREE = { "src/main.rs": "fn helper() {}\nfn main() { helper(); }\n" };

/** An error run: the expected exit code, nothing on stdout, exactly one stderr line, no stack. */
function expectOneLineError(result: { code: number | null; out: string; err: string }, code: number, pattern: RegExp) {
  expect(result.code, result.err).toBe(code);
  expect(result.out).toBe("");
  expect(result.err.trimEnd().split("\n")).toHaveLength(1);
  expect(result.err).toMatch(pattern);
  expect(result.err).not.toMatch(/\n\s+at /);
}

describe("exit codes through the built binary (docs/commands/README.md table)", () => {
  it("0: success", () => {
    const root = project(TREE);
    expect(spawnBuilt(root, ["--version"]).code).toBe(EXIT_CODES.ok);
    expect(spawnBuilt(root, ["status"]).code).toBe(EXIT_CODES.ok);
  });

  it("1: a check found something", () => {
    const root = project(TREE);
    expect(spawnBuilt(root, ["index", "--check", "--exit-code"])).toMatchObject({ code: EXIT_CODES.checkFailed, err: "" });
  });

  it("2: usage errors, with the suggestion or the command to run next", () => {
    const root = project(TREE);
    expectOneLineError(spawnBuilt(root, ["stauts"]), EXIT_CODES.usage, /error\[usage\]: unknown command stauts \(did you mean status\?\)/);
    expectOneLineError(spawnBuilt(root, ["status", "--frobnicate"]), EXIT_CODES.usage, /error\[usage\]: unknown option --frobnicate/);
    expectOneLineError(spawnBuilt(root, ["source-read", "src/main.rs", "--lines", "2", "--end", "3"]), EXIT_CODES.usage, /--lines and --end/);
    expectOneLineError(spawnBuilt(root, ["source-read", "../outside.rs"]), EXIT_CODES.usage, /outside the project root/);
  });

  it("3: not found", () => {
    const root = project(TREE);
    expectOneLineError(spawnBuilt(root, ["source-read", "src/nope.rs"]), EXIT_CODES.notFound, /error\[not_found\]: no such file: src\/nope.rs \(next: /);
  });

  it("4: missing index on a tree too large to index on first use", () => {
    const root = project(Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`many/m${i}.py`, `X = ${i}\n`])));
    expectOneLineError(spawnBuilt(root, ["symbols", "main"]), EXIT_CODES.staleIndex, /error\[index_missing\].*\(next: tsift index\)/);
  });

  it("5: the writer lock is held by another process", async () => {
    const root = project(TREE);
    const holder = await holdIndexLock(join(root, ".tsift", "index.lock"));
    try {
      expectOneLineError(spawnBuilt(root, ["index"]), EXIT_CODES.lockHeld, new RegExp(`error\\[lock_held\\].*pid ${holder.pid}`));
    } finally {
      await holder.release();
    }
  });

  it("6: a newer schema", () => {
    const root = project(TREE);
    expect(spawnBuilt(root, ["index", "-q"]).code).toBe(0);
    const db = new Database(join(root, ".tsift", "index.db"));
    db.pragma("user_version = 999");
    db.close();
    expectOneLineError(spawnBuilt(root, ["symbols", "main"]), EXIT_CODES.schemaMismatch, /error\[schema_newer\].*\(next: upgrade tsift/);
  });

  it("10: internal errors (here an I/O failure), with a stack only under TSIFT_DEBUG=1", () => {
    const root = project(TREE);
    cpSync(join(repoRoot, "fixtures", "graph-db", "canonical-rows.json"), join(root, "rows.json"));
    expect(spawnBuilt(root, ["graph-db", "import", "rows.json"]).code).toBe(0);
    const argv = ["graph-db", "export", "--out", "no/such/dir/rows.json"];
    expectOneLineError(spawnBuilt(root, argv), EXIT_CODES.internal, /error\[io_error\]: cannot write .*no\/such\/dir\/rows.json/);
    const debug = spawnTsift(root, argv, { TSIFT_DEBUG: "1" });
    expect(debug.code).toBe(EXIT_CODES.internal);
    expect(debug.err).toMatch(/\n\s+at /);
  });
});
