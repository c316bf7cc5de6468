import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin, waitUntil } from "./helpers";
import { holdIndexLock, project, spawnBuilt, tsiftAsBinary } from "./index-helpers";

/**
 * One policy for every read command when no index exists: a project of at most 2000
 * source files is indexed on first use, with one note on stderr; a larger tree is refused
 * with exit 4 and `next: tsift index`, having parsed nothing. source-read reads the live
 * file and needs no index; graph-db reads read graph.db, which only `graph-db refresh` builds.
 */
const TREE = {
  "src/a.ts": "export function alpha() {\n  return beta();\n}\nexport function beta() {\n  return 1;\n}\n",
  "src/b.ts": "import { alpha } from './a';\nexport function gamma() {\n  return alpha();\n}\n",
};

const READS: readonly (readonly string[])[] = [
  ["symbols"],
  ["symbols", "alpha"],
  ["explain", "alpha"],
  ["search", "alpha"],
  ["related", "src/a.ts:1"],
  ["graph", "alpha"],
  ["path", "gamma", "beta"],
  ["communities"],
  ["analyze"],
  ["traverse", "alpha"],
];

/** The suite's environment without its TSIFT_BACKGROUND_INDEX=0 opt-out. */
function backgroundAllowed(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TSIFT_BACKGROUND_INDEX;
  return env;
}

const NOTE = "note: no index yet: indexed 2 files into .tsift/index.db first\n";

type Sqlite = new (path: string) => { exec(sql: string): void; close(): void };
const Database = createRequire(import.meta.url)("better-sqlite3") as Sqlite;

describe("every read command follows the first-use policy when no index exists", () => {
  // In-process, along the binary's route (`tsiftAsBinary`); the spawned cases below prove the binary takes it.
  it.each(READS.map((argv) => [argv.join(" "), argv] as const))("%s indexes a small project first, with one note", async (_label, argv) => {
    const root = project(TREE);
    const result = await tsiftAsBinary(root, [...argv]);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toBe(NOTE);
    expect(result.out).not.toBe("");
    expect(existsSync(join(root, ".tsift", "index.db"))).toBe(true);
    // The index now exists: a second read says nothing more.
    expect((await tsiftAsBinary(root, [...argv])).err).toBe("");
  });

  it("the built binary indexes a small project first, with one note", () => {
    const root = project(TREE);
    const result = spawnBuilt(root, ["explain", "alpha"]);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toBe(NOTE);
    expect(result.out).toMatch(/^alpha {2}function {2}src\/a\.ts:1-3 /);
    expect(spawnBuilt(root, ["explain", "alpha"]).err).toBe("");
  });

  it("refuses a tree over 2000 source files, on every read command, without indexing", async () => {
    const root = project({});
    mkdirSync(join(root, "many"));
    for (let i = 0; i <= 2000; i++) writeFileSync(join(root, "many", `m${i}.py`), `X${i} = ${i}\n`);
    const refusal = `tsift: error[index_missing]: no index at ${join(root, ".tsift", "index.db")}, and ${root} holds more than 2000 source files, too many to index on first use (next: tsift index)\n`;
    for (const argv of READS) {
      const result = await tsiftAsBinary(root, [...argv]);
      expect(result.code, argv.join(" ")).toBe(4);
      expect(result.out).toBe("");
      expect(result.err).toBe(refusal);
    }
    // Not a repository: the binary refuses alike and starts nothing in the background.
    expect(spawnBuilt(root, ["symbols", "alpha"], { env: backgroundAllowed() })).toEqual({ code: 4, out: "", err: refusal });
    expect(existsSync(join(root, ".tsift", "index.db"))).toBe(false);
    expect(existsSync(join(root, ".tsift", "first-index.log"))).toBe(false);
  });

  it("says another tsift is building a large tree's first index instead of naming the command", async () => {
    const root = project({});
    mkdirSync(join(root, "many"));
    for (let i = 0; i <= 2000; i++) writeFileSync(join(root, "many", `m${i}.py`), `X${i} = ${i}\n`);
    const holder = await holdIndexLock(join(root, ".tsift", "index.lock"));
    try {
      const result = await tsiftAsBinary(root, ["symbols", "X1"]);
      expect(result.code).toBe(4);
      expect(result.err).toMatch(
        /^tsift: error\[index_missing\]: no index at \S+index\.db yet: tsift \(pid \d+\) is building it, still reading the file tree \(next: ask again shortly; `tsift status` shows how far it is\)\n$/,
      );
    } finally {
      await holder.release();
    }
  });

  it("the built binary starts a large repository's first index in the background, and answers once it is built", async () => {
    const root = project({}, { git: true });
    mkdirSync(join(root, "many"));
    for (let i = 0; i <= 2000; i++) writeFileSync(join(root, "many", `m${i}.py`), `X${i} = ${i}\n`);
    // The suite's environment opts out (TSIFT_BACKGROUND_INDEX=0): refused, nothing started.
    expect(spawnBuilt(root, ["symbols", "X1"]).err).toMatch(/too many to index on first use \(next: tsift index\)\n$/);
    expect(existsSync(join(root, ".tsift", "first-index.log"))).toBe(false);
    const env = backgroundAllowed();
    const first = spawnBuilt(root, ["symbols", "X1"], { env });
    expect(first.code, first.err).toBe(4);
    expect(first.err).toMatch(
      /too many to index on first use: started `tsift index` in the background \(pid \d+\) \(next: ask again shortly; `tsift status` shows how far it is\)\n$/,
    );
    // A read meanwhile finds it underway (starting, walking or parsing), and starts no second one.
    const meanwhile = spawnBuilt(root, ["symbols", "X1"], { env });
    if (meanwhile.code !== 0) expect(meanwhile.err).toMatch(/is building it|started \d+ s ago is starting/);
    await waitUntil(() => existsSync(join(root, ".tsift", "index.db")) && !existsSync(join(root, ".tsift", "index.lock")), "the background index ends");
    const answered = spawnBuilt(root, ["symbols", "X1"], { env });
    expect(answered.code, answered.err).toBe(0);
    expect(answered.out).toMatch(/^many\/m1\.py:1 /);
    expect(readFileSync(join(root, ".tsift", "first-index.log"), "utf8")).not.toContain("error[");
  });

  it("source-read reads the live file without an index; graph-db reads never build one", () => {
    const root = project(TREE);
    const read = spawnBuilt(root, ["source-read", "src/a.ts"]);
    expect(read.code).toBe(0);
    expect(read.out).toContain("export function alpha()");
    const node = spawnBuilt(root, ["graph-db", "node", "sym:src/a.ts#alpha"]);
    expect(node.code).not.toBe(0);
    expect(node.err).toContain("graph-db refresh");
    expect(existsSync(join(root, ".tsift", "index.db"))).toBe(false);
  });

  it("symbols treats a file whose first run never committed as no index, not as an empty one", () => {
    const root = project(TREE);
    expect(spawnBuilt(root, ["index"]).code).toBe(0);
    // What a reader meets while another tsift's first run is still writing: the schema, no run, no rows.
    const db = new Database(join(root, ".tsift", "index.db"));
    db.exec("DELETE FROM meta WHERE key = 'indexed_at'; DELETE FROM symbols; DELETE FROM calls; DELETE FROM files;");
    db.close();
    const result = spawnBuilt(root, ["symbols", "alpha"]);
    expect(result.code).toBe(0);
    expect(result.err).toBe(NOTE);
    expect(result.out).toMatch(/^src\/a\.ts:1-3 {2}function {2}alpha /);
    // An index that simply has no such name says so without indexing again.
    const none = spawnBuilt(root, ["symbols", "no_such_name"]);
    expect(none).toMatchObject({ code: 0, err: "" });
    expect(none.out).toContain("no symbols");
  });

  it("explain waits for another tsift building the missing index instead of failing", async () => {
    const root = project(TREE);
    const holder = await holdIndexLock(join(root, ".tsift", "index.lock"));
    const child = spawn(process.execPath, [builtBin, "explain", "alpha"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await holder.release();
    expect(await exited, err).toBe(0);
    expect(out).toMatch(/^alpha {2}function {2}src\/a\.ts:1-3 /);
    expect(err).toMatch(
      /^note: (waited for another tsift to build \.tsift\/index\.db, then read it|no index yet: indexed 2 files into \.tsift\/index\.db first)\n$/,
    );
  });
});
