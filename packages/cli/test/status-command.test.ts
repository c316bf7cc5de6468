import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VERSION } from "../src/index";
import { INDEX_COMMANDS } from "../src/status/recommendations";
import { bumpMtime, holdIndexLock, holdSqliteLock, project, spawnBuilt, tsift, write } from "./index-helpers";

const TREE = { "src/main.rs": "fn helper() {}\nfn main() { helper(); }\n", "src/lib.py": "def util():\n    pass\n" };
const block = (version: string | null) =>
  `<!-- tsift:code-navigation${version ? ` v=${version}` : ""} -->\n## Code Navigation\nold text\n<!-- /tsift:code-navigation -->\n`;
const gitmodules = (...paths: string[]) => paths.map((path) => `[submodule "${path}"]\n\tpath = ${path}\n\turl = https://example.com/${path}.git\n`).join("");

describe("tsift status", () => {
  it("reports a missing index and instructions with the commands that fix them, and writes nothing", async () => {
    const root = project(TREE);
    const result = await tsift(root, ["status", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      index: { state: "missing", total_files: 0, stale_files: 0, last_indexed_secs_ago: null, db_path: ".tsift/index.db" },
      instructions: { state: "missing", version: VERSION, found: null, expected: VERSION, files: [{ file: "AGENTS.md", state: "missing", found: null }] },
      summaries: { state: "unavailable", reason: expect.any(String) },
      recommendations: { use: [], run: "tsift init && tsift index ." },
      reminders: [],
    });
    expect(existsSync(join(root, ".tsift"))).toBe(false);
    expect((await tsift(root, ["status"])).out).toContain("use: (none — run tsift index first)\nrun: tsift init && tsift index .\n");
  });

  it("is fresh after index and init, and stale (with a reminder) after an edit", async () => {
    const root = project(TREE);
    // init first: AGENTS.md is markdown, which the index tracks.
    await tsift(root, ["init"]);
    await tsift(root, ["index", "-q"]);
    const fresh = (await tsift(root, ["status", "--json"])).json();
    expect(fresh.index).toMatchObject({ state: "fresh", total_files: 3, stale_files: 0 });
    expect(fresh.index.last_indexed_secs_ago).toBeGreaterThanOrEqual(0);
    expect(fresh.instructions).toMatchObject({ state: "current", found: VERSION });
    expect(fresh.recommendations).toEqual({ use: INDEX_COMMANDS, run: null });
    expect(INDEX_COMMANDS).toEqual(expect.arrayContaining(["symbols", "source-read"]));
    bumpMtime(join(root, "src/main.rs"));
    write(root, { "src/new.rs": "fn added() {}\n" });
    const stale = await tsift(root, ["status"]);
    expect(stale.out).toMatch(/^index: stale \(last indexed \d+[smhd] ago, 3 files tracked, 2 stale\)$/m);
    expect(stale.out).toContain(
      `run: tsift index . (2 stale files)\nreminders:\n- index stale: run \`tsift index .\` before relying on tsift ${INDEX_COMMANDS.join("/")} results (2 stale files)\n`,
    );
  });

  it("reports instructions from another version, or without one, as stale", async () => {
    const root = project({ ...TREE, "AGENTS.md": `# Agents\n\n${block("0.0.1")}`, "CLAUDE.md": block(null) });
    const status = (await tsift(root, ["status", "--json"])).json();
    expect(status.instructions).toEqual({
      state: "stale",
      version: VERSION,
      found: "0.0.1",
      expected: VERSION,
      files: [
        { file: "AGENTS.md", state: "stale", found: "0.0.1" },
        { file: "CLAUDE.md", state: "stale", found: null },
      ],
    });
    expect((await tsift(root, ["status"])).out).toContain(`instructions: stale (found v0.0.1, expected v${VERSION}; run tsift init)`);
  });

  it("--fix indexes and rewrites stale instructions, then reports (built binary)", () => {
    const root = project({ ...TREE, "AGENTS.md": `# Agents\n\n${block("0.0.1")}` });
    const result = spawnBuilt(root, ["status", "--fix", "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({
      fixed: ["instructions", "index"],
      index: { state: "fresh", total_files: 3 },
      instructions: { state: "current", found: VERSION },
      recommendations: { run: null },
    });
    expect(readFileSync(join(root, "AGENTS.md"), "utf8")).toMatch(
      new RegExp(`^# Agents\\n\\n<!-- tsift:code-navigation v=${VERSION.replaceAll(".", "\\.")} -->`),
    );
    expect(JSON.parse(spawnBuilt(root, ["status", "--fix", "--json"]).out).fixed).toEqual([]);
  });

  it("treats scoped indexes as the workspace's and --fix builds the missing scopes", async () => {
    const root = project({ ".gitmodules": gitmodules("src/alpha", "src/beta"), "src/alpha/lib.rs": "pub fn a() {}\n", "src/beta/lib.rs": "pub fn b() {}\n" });
    await tsift(root, ["index", "--submodule", "alpha", "-q"]);
    const partial = await tsift(root, ["status", "--json"]);
    expect(partial.json().index).toMatchObject({
      state: "stale",
      workspace: true,
      total_files: 1,
      workspace_scopes: [{ scope: "alpha", db_path: ".tsift/indexes/alpha/index.db", state: "fresh", total_files: 1, stale_files: 0 }],
      missing_scopes: [{ scope: "beta", db_path: ".tsift/indexes/beta/index.db" }],
    });
    expect(partial.json().recommendations.run).toBe("tsift init --workspace && tsift index --workspace .");
    const text = (await tsift(root, ["status"])).out;
    expect(text).toMatch(
      /^index: stale \(workspace, 1 indexed scope, 1 missing scope, last indexed \d+[smhd] ago, 1 files tracked, 0 stale\)\nscope alpha: fresh/,
    );
    expect(text).toContain("scope beta: missing index (.tsift/indexes/beta/index.db)\n");
    expect(text).toContain("run: tsift init --workspace && tsift index --workspace . (1 missing scope)\n");
    const fixed = (await tsift(root, ["status", "--fix", "--json"])).json();
    expect(fixed.fixed).toEqual(["instructions", "index (2 scopes)"]);
    expect(fixed.index).toMatchObject({ state: "fresh", total_files: 2, missing_scopes: [] });
    expect((await tsift(join(root, "src/beta"), ["status", "--json"])).json().index.workspace_scopes).toHaveLength(2);
    expect((await tsift(root, ["status", "--json", "--limit", "1"])).json()).toMatchObject({
      workspace_scopes_total: 2,
      truncated: true,
      index: { workspace_scopes: [{ scope: "alpha" }] },
    });
  });

  it("stays read-only and works while a writer holds the index, reporting the snapshot it read", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const sqlite = await holdSqliteLock(join(root, ".tsift/index.db"));
    try {
      const result = await tsift(root, ["status", "--json"]);
      expect(result.code).toBe(0);
      expect(result.json().index).toMatchObject({ state: "fresh", recovery: "snapshot_fallback_wal" });
      expect(result.err).toContain("snapshot");
    } finally {
      await sqlite.release();
    }
    const lock = await holdIndexLock(join(root, ".tsift/index.lock"));
    try {
      bumpMtime(join(root, "src/lib.py"));
      const status = await tsift(root, ["status", "--json"]);
      expect(status.json().index).toMatchObject({ state: "stale", writer: { pid: lock.pid } });
      const fix = await tsift(root, ["status", "--fix"]);
      expect(fix.code).toBe(5);
      expect(fix.err).toMatch(/lock_held/);
    } finally {
      await lock.release();
    }
  });

  it("uses the project's .tsift from a nested directory", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const nested = await tsift(join(root, "src"), ["status", "--json"]);
    expect(nested.json().index).toMatchObject({ state: "fresh", total_files: 2 });
    expect(nested.json().recommendations.run).toBe("tsift init ..");
  });
});

describe("the commands status recommends", () => {
  it("are the same list in the library (openProject().status()) as in the CLI's catalog", async () => {
    const { INDEX_READING_COMMANDS } = await import("@tsift/index/indexer");
    expect([...INDEX_READING_COMMANDS]).toEqual([...INDEX_COMMANDS]);
  });
});
