import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import {
  indexLocation,
  indexProject,
  openReadIndex,
  projectStatus,
  readCallPath,
  readLocks,
  readSymbolGraph,
  readSymbols,
  resolveReadTarget,
  rootRelative,
  symbolChoiceOf,
  updateIndex,
  type IndexOpener,
  type ReadIndex,
} from "../src/index";
import { bumpMtime, holdLockInChild, tempTree, writeTree } from "./helpers";

const TREE = {
  "app.py": "from util import helper\n\ndef main():\n    helper()\n\ndef helper_two():\n    pass\n",
  "util.py": "def helper():\n    pass\n",
  "other.py": "def helper():\n    pass\n",
};

/** An opener that remembers the index it opened, so the test can close it. */
function opener(root: string): { open: IndexOpener; close(): Promise<void> } {
  let index: ReadIndex | undefined;
  return { open: async () => (index ??= await openReadIndex({ cwd: root })), close: async () => index?.close() };
}

describe("openReadIndex", () => {
  it("builds a missing index, reuses a fresh one, and tells when files changed", async () => {
    const root = tempTree(TREE);
    const first = await openReadIndex({ cwd: root });
    expect(first.refreshed).toBe(3);
    expect(first.place).toEqual({ pathArg: ".", scope: null });
    await first.close();
    const second = await openReadIndex({ cwd: root, path: "app.py" });
    try {
      expect(second.refreshed).toBe(0);
      expect(await second.fresh()).toBe(true);
      writeTree(root, { "new.py": "x = 1\n" });
      expect(await second.fresh()).toBe(false);
    } finally {
      await second.close();
    }
  });

  it("reads the current index with a note when another writer holds the lock", async () => {
    const root = tempTree(TREE);
    const location = indexLocation(root);
    await updateIndex(location);
    writeTree(root, { "util.py": "def helper():\n    return 1\n" });
    bumpMtime(join(root, "util.py"));
    const holder = await holdLockInChild(location.lockPath);
    try {
      const index = await openReadIndex({ cwd: root });
      try {
        expect(index.refreshed).toBe(0);
        expect(index.notes).toEqual([expect.stringMatching(/^note: another tsift writer holds .*index\.lock; read the current index \(1 stale file\)/)]);
      } finally {
        await index.close();
      }
    } finally {
      await holder.release();
    }
  });

  it("fails closed with index_missing when only workspace scopes are indexed", async () => {
    const root = tempTree({ ...TREE, ".gitmodules": '[submodule "lib"]\n\tpath = lib\n\turl = ./lib\n', "lib/a.py": "def a():\n    pass\n" });
    await indexProject({ cwd: root, workspace: true });
    expect(() => resolveReadTarget({ cwd: root })).toThrow(expect.objectContaining({ code: "index_missing", details: { root, scopes: ["lib"] } }));
  });
});

describe("read use cases", () => {
  it("validate options before opening (and so before refreshing) the index", async () => {
    const root = tempTree(TREE);
    let opened = false;
    const open: IndexOpener = async () => {
      opened = true;
      throw new Error("not reached");
    };
    await expect(readSymbolGraph(open, { symbol: "main", limit: -1 })).rejects.toMatchObject({ code: "usage" });
    expect(opened).toBe(false);
    expect(() => resolveReadTarget({ cwd: root, scope: "nope" })).toThrow(expect.objectContaining({ code: "not_found" }));
  });

  it("resolve symbol arguments, and list the candidates of an ambiguous or unknown one", async () => {
    const root = tempTree(TREE);
    const index = opener(root);
    try {
      const graph = await readSymbolGraph(index.open, { symbol: "main", callees: true });
      expect(graph).toMatchObject({ symbol: "main", kind: "function", file: "app.py", line: 3, total: 1 });
      const ambiguous = await readSymbolGraph(index.open, { symbol: "helper", callers: true }).catch((error: unknown) => error);
      expect(isTsiftError(ambiguous, "usage")).toBe(true);
      const choice = symbolChoiceOf(ambiguous)!;
      expect(choice).toMatchObject({ symbol: "helper", status: "ambiguous", total: 2, truncated: false });
      // Most central first: main calls util.py's helper, nothing calls other.py's.
      expect(choice.candidates.map((candidate) => candidate.file)).toEqual(["util.py", "other.py"]);
      expect(choice.candidates[0]!.expand).toBe(`tsift graph ${choice.candidates[0]!.handle} --callers`);
      const missing = await readCallPath(index.open, { from: "main", to: "nowhere" }).catch((error: unknown) => error);
      expect(isTsiftError(missing, "not_found")).toBe(true);
      expect(symbolChoiceOf(missing)).toMatchObject({ symbol: "nowhere", status: "not_found" });
      expect(symbolChoiceOf(new Error("other"))).toBeNull();
    } finally {
      await index.close();
    }
  });

  it("readSymbols reads the index as it is, never refreshing it", async () => {
    const root = tempTree(TREE);
    await updateIndex(indexLocation(root));
    writeTree(root, { "late.py": "def late():\n    pass\n" });
    const target = resolveReadTarget({ cwd: root });
    expect(await readSymbols(target, { name: "late" })).toMatchObject({ query: "late", total: 0 });
    expect((await readSymbols(target, { name: "helper" })).symbols.map((symbol) => `${symbol.file}:${symbol.name}`)).toEqual([
      "other.py:helper",
      "util.py:helper",
      "app.py:helper_two",
    ]);
  });
});

describe("project use cases", () => {
  it("status and locks carry paths relative to the project root, as the CLI prints them", async () => {
    const root = tempTree(TREE);
    expect(await projectStatus({ cwd: root })).toMatchObject({
      index: { state: "missing", db_path: ".tsift/index.db" },
      recommendations: { use: [], run: "tsift init && tsift index ." },
    });
    const fixed = await projectStatus({ cwd: root, fix: true });
    expect(fixed).toMatchObject({ fixed: ["instructions", "index"], index: { state: "fresh", total_files: 4 }, instructions: { state: "current" } });
    const locks = await readLocks({ cwd: root });
    expect(locks.databases[0]).toMatchObject({ database: "index", db_path: ".tsift/index.db", lock: { lock_path: ".tsift/index.lock", state: "absent" } });
  });

  it("indexProject reports one index, or each scope, and whether anything changed", async () => {
    const root = tempTree(TREE);
    const check = await indexProject({ cwd: root, check: true });
    expect(check).toMatchObject({ mode: "check", changed: true, scoped: false, sourceRoot: root, report: { mode: "check", new: 3 } });
    expect(await indexProject({ cwd: root, quiet: true })).toMatchObject({ changed: true, report: { total_tracked: 3, new: 3 } });
    expect((await indexProject({ cwd: root, quiet: true })).report).toEqual({ total_tracked: 3, new: 0, modified: 0, deleted: 0, unchanged: 3 });
    await expect(indexProject({ cwd: root, workspace: true, scope: "x" })).rejects.toMatchObject({ code: "usage" });
  });

  it("rootRelative rewrites only paths under the root", () => {
    expect(rootRelative("/a/b", "/a/b")).toBe(".");
    expect(rootRelative("/a/b", "/a/b/c/d.db")).toBe("c/d.db");
    expect(rootRelative("/a/b", "/a/bc/d.db")).toBe("/a/bc/d.db");
    expect(rootRelative("/a/b", "c/d.db")).toBe("c/d.db");
  });
});
