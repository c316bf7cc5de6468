import { closeSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexHistory, readArtifacts, readHistoryTags, readProvenance, searchHistory, historyLocation } from "../src/index";
import { commit, gitIn, newRepo } from "./history-helpers";
import { tempTree } from "./helpers";

function rows<T>(root: string, sql: string): T[] {
  const db = new Database(historyLocation(root).dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("indexHistory", () => {
  it("stores conventional commits, files with status, artifacts and replayed tags", async () => {
    const root = newRepo();
    const first = commit(root, "feat(auth): add sessions\n\nPer-user sessions in a table.\n\ntags: auth, +sessions", {
      write: { "src/auth/session.ts": "export const a = 1;\n", "src/auth/token.ts": "export const t = 1;\n" },
    });
    commit(root, "fix(auth)!: rotate tokens\n\ntags: -sessions, security", { write: { "src/auth/token.ts": "export const t = 2;\n" } });
    commit(root, "refactor: move session\n\nBREAKING CHANGE: import path moved", { move: [["src/auth/session.ts", "src/login/session.ts"]] });
    commit(root, "chore: drop token", { write: { "src/auth/token.ts": null } });
    commit(root, "plain message without a type", { write: { "docs/readme.md": "# hi\n" } });

    const report = await indexHistory({ root });
    expect(report).toMatchObject({ mode: "full", rebuilt: "missing", commits_added: 5, commits_total: 5, head: gitIn(root, ["rev-parse", "HEAD"]).trim() });
    expect(report.branch).toBe("main");
    expect(report.detached).toBe(false);

    const commits = rows<{
      hash: string;
      type: string | null;
      scope: string | null;
      breaking: number;
      subject: string;
      tags: string;
      parents: string;
      author_email: string;
    }>(root, "SELECT hash, type, scope, breaking, subject, tags, parents, author_email FROM commits ORDER BY id");
    expect(commits.map((c) => [c.type, c.scope, c.breaking, c.subject, c.tags])).toEqual([
      ["feat", "auth", 0, "feat(auth): add sessions", "auth sessions"],
      ["fix", "auth", 1, "fix(auth)!: rotate tokens", "sessions security"],
      ["refactor", null, 1, "refactor: move session", ""],
      ["chore", null, 0, "chore: drop token", ""],
      [null, null, 0, "plain message without a type", ""],
    ]);
    expect(commits[0]).toMatchObject({ hash: first, parents: "", author_email: "dev@example.com" });
    expect(commits[1]!.parents).toBe(first);

    const files = rows<{ status: string; path: string; old: string | null }>(
      root,
      "SELECT f.status, a.path, o.path AS old FROM commit_files f JOIN artifacts a ON a.id = f.artifact_id LEFT JOIN artifacts o ON o.id = f.old_artifact_id ORDER BY f.commit_id, a.path",
    );
    expect(files).toEqual([
      { status: "A", path: "src/auth/session.ts", old: null },
      { status: "A", path: "src/auth/token.ts", old: null },
      { status: "M", path: "src/auth/token.ts", old: null },
      { status: "R", path: "src/login/session.ts", old: "src/auth/session.ts" },
      { status: "D", path: "src/auth/token.ts", old: null },
      { status: "A", path: "docs/readme.md", old: null },
    ]);

    const artifacts = await readArtifacts({ root });
    expect(artifacts.artifacts.map((a) => [a.path, a.alive, a.tags, a.commits])).toEqual([
      ["docs/readme.md", true, ["docs"], 1],
      ["src/auth/session.ts", false, ["auth", "sessions"], 2],
      ["src/auth/token.ts", false, ["auth", "security"], 3],
      // The first commit tagged the file `auth` explicitly: the tag moves with it.
      ["src/login/session.ts", true, ["auth", "login", "sessions"], 1],
    ]);
    expect((await readArtifacts({ root, alive: true })).artifacts.map((a) => a.path)).toEqual(["docs/readme.md", "src/login/session.ts"]);
    expect((await readArtifacts({ root, tag: "sessions" })).artifacts.map((a) => a.path)).toEqual(["src/auth/session.ts", "src/login/session.ts"]);

    const tags = await readHistoryTags({ root });
    expect(tags.tags).toEqual([
      { tag: "auth", artifacts: 3, alive: 1 },
      { tag: "sessions", artifacts: 2, alive: 1 },
      { tag: "docs", artifacts: 1, alive: 1 },
      { tag: "login", artifacts: 1, alive: 1 },
      { tag: "security", artifacts: 1, alive: 0 },
    ]);
    expect((await readHistoryTags({ root, path: "src/login/session.ts" })).artifact_tags).toEqual([
      { tag: "auth", source: "explicit" },
      { tag: "login", source: "folder" },
      { tag: "sessions", source: "explicit" },
    ]);

    const found = await searchHistory({ root, query: "rotate" });
    expect(found.results.map((hit) => hit.subject)).toEqual(["fix(auth)!: rotate tokens"]);
    expect((await searchHistory({ root, query: "security" })).results.map((hit) => hit.type)).toEqual(["fix"]);
    expect((await searchHistory({ root, query: "sessions", type: "feat" })).results).toHaveLength(1);
    // FTS5 syntax in a query is read as words, never as an expression.
    expect((await searchHistory({ root, query: 'rotate" (tokens*' })).results.map((hit) => hit.type)).toEqual(["fix"]);
    expect(await codeOf(() => searchHistory({ root, query: '"(' }))).toBe("invalid_input");

    const provenance = await readProvenance({ root, target: "src/login/session.ts" });
    expect(provenance).toMatchObject({ kind: "path", path: "src/login/session.ts", renamed_from: ["src/auth/session.ts"], total: 2 });
    expect(provenance.commits.map((c) => [c.subject, c.path, c.status])).toEqual([
      ["refactor: move session", "src/login/session.ts", "R"],
      ["feat(auth): add sessions", "src/auth/session.ts", "A"],
    ]);
  });

  it("a -tag removes a folder-derived tag; strip_prefixes and stop_tags come from [history]", async () => {
    const root = newRepo();
    writeFileSync(join(root, ".git", "info", "exclude"), ".tsift/\n");
    commit(root, "feat: a", { write: { "pkg/core/utils/a.ts": "1\n", "pkg/web/b.ts": "1\n" } });
    commit(root, "fix: b\n\ntags: -web, ui", { write: { "pkg/web/b.ts": "2\n" } });
    const config = { stripPrefixes: ["pkg"], stopTags: ["utils"] };
    await indexHistory({ root, config });
    const state = rows<{ path: string; tag: string }>(
      root,
      "SELECT a.path, t.tag FROM artifact_tags t JOIN artifacts a ON a.id = t.artifact_id ORDER BY a.path, t.tag",
    );
    expect(state).toEqual([
      { path: "pkg/core/utils/a.ts", tag: "core" },
      { path: "pkg/web/b.ts", tag: "ui" },
    ]);
    // New rules re-derive every artifact's tags.
    const again = await indexHistory({ root, config: { stripPrefixes: [], stopTags: [] } });
    expect(again).toMatchObject({ mode: "full", rebuilt: "config_changed", commits_total: 2 });
    expect(rows<{ tag: string }>(root, "SELECT DISTINCT tag FROM artifact_tags ORDER BY tag").map((row) => row.tag)).toEqual(["core", "pkg", "ui", "utils"]);
  });

  it("reads [history] from .tsift/config.toml", async () => {
    const root = newRepo();
    commit(root, "feat: a", { write: { "src/lib/deep/a.ts": "1\n" } });
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(root, ".tsift"));
    writeFileSync(join(root, ".tsift", "config.toml"), '[history]\nstrip_prefixes = ["src"]\nstop_tags = ["deep"]\nmax_files_per_commit = 7\n');
    await indexHistory({ root });
    expect((await readArtifacts({ root })).artifacts[0]!.tags).toEqual(["lib"]);
  });

  it("is incremental after new commits and equals a full rebuild", async () => {
    const root = newRepo();
    commit(root, "feat: one\n\ntags: a", { write: { "x/one.ts": "1\n" } });
    await indexHistory({ root });
    commit(root, "feat: two\n\ntags: -a, b", { write: { "x/one.ts": "2\n", "y/two.ts": "1\n" } });
    commit(root, "refactor: move", { move: [["y/two.ts", "z/two.ts"]] });
    const step = await indexHistory({ root });
    expect(step).toMatchObject({ mode: "incremental", rebuilt: null, commits_added: 2, commits_total: 3 });
    expect(await indexHistory({ root })).toMatchObject({ mode: "unchanged", commits_added: 0, commits_total: 3 });
    // A merge brings in a side branch's deletion and addition: alive follows the trees, not the merge's (empty) file list.
    gitIn(root, ["checkout", "-q", "-b", "side"]);
    commit(root, "chore: drop one", { write: { "x/one.ts": null, "w/three.ts": "3\n" } });
    gitIn(root, ["checkout", "-q", "main"]);
    commit(root, "feat: four", { write: { "v/four.ts": "4\n" } });
    gitIn(root, ["merge", "-q", "--no-edit", "side"]);
    expect(await indexHistory({ root })).toMatchObject({ mode: "incremental", commits_added: 3, commits_total: 6 });
    expect((await readArtifacts({ root, alive: true })).artifacts.map((artifact) => artifact.path)).toEqual(["v/four.ts", "w/three.ts", "z/two.ts"]);
    const dump = () =>
      rows(
        root,
        `SELECT 'c' AS t, hash || ' ' || coalesce(type, '') || ' ' || tags || ' ' || file_count AS v FROM commits
         UNION ALL SELECT 'a', path || ' ' || alive FROM artifacts
         UNION ALL SELECT 'g', a.path || ' ' || g.tag || ' ' || g.source FROM artifact_tags g JOIN artifacts a ON a.id = g.artifact_id
         UNION ALL SELECT 'f', c.hash || ' ' || a.path || ' ' || f.status FROM commit_files f JOIN commits c ON c.id = f.commit_id JOIN artifacts a ON a.id = f.artifact_id
         ORDER BY 1, 2`,
      );
    const incremental = dump();
    expect(await indexHistory({ root, rebuild: true })).toMatchObject({ mode: "full", rebuilt: "requested" });
    expect(dump()).toEqual(incremental);
  });

  it("rebuilds when the last indexed commit was rewritten away", async () => {
    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    const old = commit(root, "feat: two", { write: { "b.ts": "1\n" } });
    await indexHistory({ root });
    gitIn(root, ["commit", "-q", "--amend", "-m", "feat: two, amended"]);
    const report = await indexHistory({ root });
    expect(report).toMatchObject({ mode: "full", rebuilt: "rewritten", commits_total: 2 });
    const hashes = rows<{ hash: string; subject: string }>(root, "SELECT hash, subject FROM commits ORDER BY id");
    expect(hashes.map((row) => row.subject)).toEqual(["feat: one", "feat: two, amended"]);
    expect(hashes.some((row) => row.hash === old)).toBe(false);
    // A reset to an ancestor drops the newer commits too.
    gitIn(root, ["reset", "-q", "--hard", "HEAD~1"]);
    expect(await indexHistory({ root })).toMatchObject({ rebuilt: "rewritten", commits_total: 1 });
    expect((await readArtifacts({ root })).artifacts.map((a) => [a.path, a.alive])).toEqual([["a.ts", true]]);
  });

  it("keeps merges with both parents and no files, so nothing counts twice", async () => {
    const root = newRepo();
    commit(root, "feat: base", { write: { "a.ts": "1\n" } });
    gitIn(root, ["checkout", "-q", "-b", "side"]);
    commit(root, "feat: side", { write: { "s.ts": "1\n" } });
    gitIn(root, ["checkout", "-q", "main"]);
    commit(root, "feat: main", { write: { "m.ts": "1\n" } });
    gitIn(root, ["merge", "-q", "--no-edit", "side"]);
    await indexHistory({ root });
    const merge = rows<{ parents: string; file_count: number }>(root, "SELECT parents, file_count FROM commits ORDER BY id DESC LIMIT 1")[0]!;
    expect(merge.parents.split(" ")).toHaveLength(2);
    expect(merge.file_count).toBe(0);
    expect(rows<{ n: number }>(root, "SELECT count(*) AS n FROM commit_files")[0]!.n).toBe(3);
    // Parents come before children in replay order.
    const order = rows<{ subject: string }>(root, "SELECT subject FROM commits ORDER BY id").map((row) => row.subject);
    expect(order[0]).toBe("feat: base");
    expect(order[3]).toMatch(/^Merge branch 'side'/);
  });

  it("handles an empty repository, a detached HEAD and a shallow clone", async () => {
    const empty = newRepo();
    const none = await indexHistory({ root: empty });
    expect(none).toMatchObject({ head: null, branch: null, detached: false, commits_total: 0, artifacts_total: 0 });
    expect(none.notes.join("\n")).toMatch(/no commits yet/);
    expect((await searchHistory({ root: empty, query: "anything" })).results).toEqual([]);
    expect(await indexHistory({ root: empty })).toMatchObject({ mode: "unchanged" });
    commit(empty, "feat: first", { write: { "a.ts": "1\n" } });
    expect(await indexHistory({ root: empty })).toMatchObject({ mode: "full", rebuilt: null, commits_added: 1 });

    const root = newRepo();
    const first = commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    commit(root, "feat: two", { write: { "b.ts": "1\n" } });
    commit(root, "feat: three", { write: { "c.ts": "1\n" } });
    gitIn(root, ["checkout", "-q", "--detach", first]);
    const detached = await indexHistory({ root });
    expect(detached).toMatchObject({ detached: true, branch: null, commits_total: 1, head: first });
    expect(detached.notes.join("\n")).toMatch(/detached HEAD/);

    const clone = tempTree();
    gitIn(clone, ["clone", "-q", "--depth", "2", "--branch", "main", `file://${root}`, "repo"]);
    const shallow = await indexHistory({ root: join(clone, "repo") });
    expect(shallow).toMatchObject({ shallow: true, commits_total: 2 });
    expect(shallow.notes.join("\n")).toMatch(/shallow/);
    // The boundary commit has no parent here, so every file it holds is listed as added.
    const boundary = rows<{ status: string; path: string }>(
      join(clone, "repo"),
      "SELECT f.status, a.path FROM commit_files f JOIN artifacts a ON a.id = f.artifact_id WHERE f.commit_id = 1 ORDER BY a.path",
    );
    expect(boundary).toEqual([
      { status: "A", path: "a.ts" },
      { status: "A", path: "b.ts" },
    ]);
    gitIn(join(clone, "repo"), ["fetch", "-q", "--unshallow"]);
    expect(await indexHistory({ root: join(clone, "repo") })).toMatchObject({ shallow: false, rebuilt: "rewritten", commits_total: 3 });
  });

  it("fails closed outside git, without git, on a newer schema and on a held lock", async () => {
    const plain = tempTree({ "a.ts": "1\n" });
    expect(await codeOf(() => indexHistory({ root: plain }))).toBe("not_found");

    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    const path = process.env.PATH;
    process.env.PATH = join(root, "no-such-bin");
    try {
      expect(await codeOf(() => indexHistory({ root }))).toBe("unsupported");
    } finally {
      process.env.PATH = path;
    }

    await indexHistory({ root });
    const db = new Database(historyLocation(root).dbPath);
    db.pragma("user_version = 99");
    db.close();
    expect(await codeOf(() => indexHistory({ root }))).toBe("schema_newer");
    expect(await codeOf(() => searchHistory({ root, query: "one" }))).toBe("schema_newer");

    const other = newRepo();
    commit(other, "feat: one", { write: { "a.ts": "1\n" } });
    const { holdLockInChild } = await import("./helpers");
    const holder = await holdLockInChild(historyLocation(other).lockPath);
    try {
      expect(await codeOf(() => indexHistory({ root: other }))).toBe("lock_held");
    } finally {
      await holder.release();
    }
  });

  it("replaces a damaged file and keeps its bytes aside", async () => {
    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    await indexHistory({ root });
    writeFileSync(historyLocation(root).dbPath, "not a database at all, just text that is long enough to be read".repeat(100));
    expect(await indexHistory({ root })).toMatchObject({ mode: "full", rebuilt: "corrupt", commits_total: 1 });
    expect(readdirSync(join(root, ".tsift")).some((name) => name.startsWith("history.db.corrupt-"))).toBe(true);
  });

  it("damage in the middle of the file fails reads with the command that repairs it, and that command does", async () => {
    const root = newRepo();
    const files: Record<string, string> = {};
    for (let i = 0; i < 600; i++) files[`src/feature-${i % 30}/module-with-a-long-descriptive-name-${i}.ts`] = `export const v${i} = ${i};\n`;
    commit(root, "feat: many modules", { write: files });
    commit(root, "fix: one more", { write: { "src/extra.ts": "1\n" } });
    await indexHistory({ root });
    const path = historyLocation(root).dbPath;
    const db = new Database(path);
    db.pragma("wal_checkpoint(TRUNCATE)");
    const pageSize = Number(db.pragma("page_size", { simple: true }));
    db.close();
    const pages = Math.floor(statSync(path).size / pageSize);
    expect(pages).toBeGreaterThan(20);
    const fd = openSync(path, "r+");
    writeSync(fd, Buffer.alloc(pageSize, 0x3c), 0, pageSize, Math.floor(pages / 2) * pageSize);
    closeSync(fd);

    // A read that may not index first fails; one that may (the default) repairs the file the way its hint would.
    const failure = await searchHistory({ root, query: "many", autoindex: false }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "corrupt_data", hint: "tsift history index" });
    for (const read of [() => readHistoryTags({ root, autoindex: false }), () => readArtifacts({ root, autoindex: false })]) {
      expect(await read().catch((error: unknown) => error)).toMatchObject({ code: "corrupt_data" });
    }
    // The hint's command notices the damage and rebuilds, keeping the damaged bytes aside.
    expect(await indexHistory({ root })).toMatchObject({ mode: "full", rebuilt: "corrupt", commits_total: 2 });
    expect(readdirSync(join(root, ".tsift")).some((name) => name.startsWith("history.db.corrupt-"))).toBe(true);
    expect((await searchHistory({ root, query: "many" })).total).toBe(1);
  });

  it("a newer schema is kept aside and replaced by --rebuild, the command its error names", async () => {
    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    await indexHistory({ root });
    const db = new Database(historyLocation(root).dbPath);
    db.pragma("user_version = 99");
    db.close();
    const refused = await indexHistory({ root }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "schema_newer" });
    expect((refused as { hint: string }).hint).toContain("tsift history index --rebuild");
    expect(await indexHistory({ root, rebuild: true })).toMatchObject({ mode: "full", rebuilt: "corrupt", commits_total: 1 });
    expect(readdirSync(join(root, ".tsift")).some((name) => name.startsWith("history.db.corrupt-"))).toBe(true);
    expect((await searchHistory({ root, query: "one" })).total).toBe(1);
  });

  it("with autoindex false, reads refuse a missing or behind-HEAD history", async () => {
    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    expect(await codeOf(() => searchHistory({ root, query: "one", autoindex: false }))).toBe("index_missing");
    const notes: string[] = [];
    expect((await searchHistory({ root, query: "one", onNote: (note) => notes.push(note) })).total).toBe(1);
    expect(notes.join("\n")).toMatch(/indexed the git history/);
    commit(root, "feat: two", { write: { "b.ts": "1\n" } });
    expect(await codeOf(() => searchHistory({ root, query: "two", autoindex: false }))).toBe("index_stale");
    expect((await searchHistory({ root, query: "two" })).total).toBe(1);
  });
});

describe("first use while another tsift holds the history lock", () => {
  it("waits for that writer to finish, then reads", async () => {
    const root = newRepo();
    commit(root, "feat: waited for", { write: { "a.ts": "1\n" } });
    const { holdLockInChild } = await import("./helpers");
    const holder = await holdLockInChild(historyLocation(root).lockPath);
    const reading = searchHistory({ root, query: "waited" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.release();
    expect((await reading).total).toBe(1);
  });
});
