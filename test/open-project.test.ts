import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTsiftError, openProject, type Project } from "../src/index";
import { asJson, cliInProcess, fixtureCopy, removeTempDirs, tempDir } from "./cli-parity";

// Proof that a library user can do what the CLI does: for each command, the built CLI's
// `--json` stdout deep-equals the JSON of the `Project` method with the same options, on
// the same real project (tree-sitter parses, real index.db, real processes). Each read
// command with no options is compared in read-commands-parity.test.ts; here, options.

/** Status with its index ages zeroed: each side reads them a moment apart, everything else must match. */
function withoutAges(report: unknown): unknown {
  const copy = asJson(report) as { index: { last_indexed_secs_ago: number | null; workspace_scopes?: { last_indexed_secs_ago: number | null }[] } };
  for (const entry of [copy.index, ...(copy.index.workspace_scopes ?? [])]) {
    expect(entry.last_indexed_secs_ago).toEqual(expect.any(Number));
    entry.last_indexed_secs_ago = 0;
  }
  return copy;
}

let root: string;
let project: Project;

beforeAll(async () => {
  root = fixtureCopy("precise-callers");
  project = openProject(root);
  // Both sides index the same tree: the CLI a copy of its own, the library this one.
  const other = fixtureCopy("precise-callers");
  expect(asJson(await project.check())).toEqual(await cliInProcess(other, ["index", "--check"]));
  expect(asJson(await project.index())).toEqual(await cliInProcess(other, ["index"]));
  // Warm the community and PageRank caches, so both sides read them (`cache_hit: true`).
  await project.explain("main");
}, 120_000);

afterAll(async () => {
  await project.close();
  removeTempDirs();
});

describe("openProject answers as the CLI's --json does", () => {
  it("index and check on an indexed project", async () => {
    expect(asJson(await project.check())).toEqual(await cliInProcess(root, ["index", "--check"]));
    expect(asJson(await project.index({ quiet: true }))).toEqual(await cliInProcess(root, ["index", "--quiet"]));
  });

  it("symbols", async () => {
    expect(asJson(await project.symbols({ name: "get" }))).toEqual(await cliInProcess(root, ["symbols", "get"]));
    expect(asJson(await project.symbols({ kind: "method", limit: 3 }))).toEqual(await cliInProcess(root, ["symbols", "--kind", "method", "--limit", "3"]));
  });

  it("symbols on a project without an index follow the first-use policy, as the CLI does", async () => {
    const fresh = openProject(fixtureCopy("precise-callers"));
    try {
      expect(asJson(await fresh.symbols({ name: "get" }))).toEqual(await cliInProcess(fixtureCopy("precise-callers"), ["symbols", "get"]));
    } finally {
      await fresh.close();
    }
  });

  it("graph, callers and callees", async () => {
    expect(asJson(await project.callers("Store.get"))).toEqual(await cliInProcess(root, ["graph", "Store.get", "--callers"]));
    expect(asJson(await project.callees("main", { limit: 1 }))).toEqual(await cliInProcess(root, ["graph", "main", "--callees", "--limit", "1"]));
  });

  it("explain and path", async () => {
    expect(asJson(await project.path("main", "legacy"))).toEqual(await cliInProcess(root, ["path", "main", "legacy"]));
    expect(asJson(await project.path("legacy", "main"))).toEqual(await cliInProcess(root, ["path", "legacy", "main"]));
    expect(asJson(await project.path("Store.get", "legacy", { undirected: true }))).toEqual(
      await cliInProcess(root, ["path", "Store.get", "legacy", "--undirected"]),
    );
  });

  it("communities and analyze", async () => {
    expect(asJson(await project.communities({ limit: 2 }))).toEqual(await cliInProcess(root, ["communities", "--limit", "2"]));
    expect(asJson(await project.analyze({ entries: ["main", "health"], limit: 3 }))).toEqual(
      await cliInProcess(root, ["analyze", "--entry", "main", "--entry", "health", "--limit", "3"]),
    );
  });

  it("source-read and locks", async () => {
    expect(asJson(await project.sourceRead("src/store.ts", { start: 2, lines: 8 }))).toEqual(
      await cliInProcess(root, ["source-read", "src/store.ts", "--start", "2", "--lines", "8"]),
    );
    expect(asJson(await project.locks())).toEqual(await cliInProcess(root, ["locks"]));
  });

  it("an ambiguous symbol throws usage with the candidates the CLI lists (exit 2)", async () => {
    const error = await project.callers("get").catch((caught: unknown) => caught);
    expect(isTsiftError(error, "usage")).toBe(true);
    expect(asJson((error as { details: { choice: unknown } }).details.choice)).toEqual(await cliInProcess(root, ["graph", "get", "--callers"], 2));
  });

  it("refreshes a stale index before the next query, as the CLI does", async () => {
    const { appendFileSync } = await import("node:fs");
    appendFileSync(join(root, "src", "store.ts"), "\nexport function addedLater(): void {}\n");
    expect(asJson(await project.explain("addedLater"))).toMatchObject({ symbol: "addedLater" });
    expect(asJson(await project.check())).toEqual(await cliInProcess(root, ["index", "--check"]));
  });
});

/** A workspace root declaring two submodule scopes, each with a little Python. */
function workspaceTree(): string {
  const root = tempDir("tsift-open-project-workspace-");
  writeFileSync(join(root, ".gitmodules"), '[submodule "lib"]\n\tpath = lib\n\turl = ./lib\n[submodule "tool"]\n\tpath = tool\n\turl = ./tool\n');
  for (const scope of ["lib", "tool"]) {
    mkdirSync(join(root, scope));
    writeFileSync(join(root, scope, "main.py"), `def ${scope}_main():\n    ${scope}_helper()\n\ndef ${scope}_helper():\n    pass\n`);
  }
  return root;
}

describe("openProject on a workspace answers as the CLI does", () => {
  it("indexes every scope, and queries one scope's index", async () => {
    const workspace = workspaceTree();
    const all = openProject(workspace, { workspace: true });
    const lib = openProject(workspace, { scope: "lib" });
    try {
      expect(asJson(await all.check())).toEqual(await cliInProcess(workspace, ["index", "--workspace", "--check"]));
      expect(asJson(await all.index())).toEqual(await cliInProcess(workspaceTree(), ["index", "--workspace"]));
      expect(withoutAges(await all.status())).toEqual(withoutAges(await cliInProcess(workspace, ["status"])));
      expect(asJson(await lib.symbols())).toEqual(await cliInProcess(workspace, ["symbols", "--scope", "lib"]));
      expect(asJson(await lib.callers("lib_helper"))).toEqual(await cliInProcess(workspace, ["graph", "lib_helper", "--callers", "--scope", "lib"]));
      expect(asJson(await lib.sourceRead("main.py"))).toEqual(await cliInProcess(workspace, ["source-read", "main.py", "--scope", "lib"]));
      expect(asJson(await all.sourceRead("tool/main.py"))).toEqual(await cliInProcess(workspace, ["source-read", "tool/main.py"]));
      expect(asJson(await all.locks())).toEqual(await cliInProcess(workspace, ["locks"]));
    } finally {
      await all.close();
      await lib.close();
    }
  });
});
