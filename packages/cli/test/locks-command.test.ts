import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { holdIndexLock, holdSqliteLock, project, tsift } from "./index-helpers";

const TREE = { "src/main.rs": "fn main() {}\n" };

/** A pid that certainly ran and has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
}

describe("tsift locks", () => {
  it("reports a missing index, then a free one, reading only files", async () => {
    const root = project(TREE);
    const missing = (await tsift(root, ["locks", "--json"])).json();
    expect(missing).toEqual({
      databases: [
        {
          database: "index",
          scope: null,
          db_path: ".tsift/index.db",
          exists: false,
          journal_mode: null,
          lock: { lock_path: ".tsift/index.lock", state: "absent", pid: null, acquired_at: null, reason: null, host: null, description: "free" },
          wal: { present: false, bytes: 0 },
          shm: { present: false, bytes: 0 },
          journal: { present: false, bytes: 0 },
          next: "`tsift index .` to build it",
        },
      ],
      next: "`tsift index .` to build it",
    });
    await tsift(root, ["index", "-q"]);
    const free = await tsift(root, ["locks"]);
    expect(free.out).toBe("index .tsift/index.db: lock free; no wal, no shm, no journal (mode wal)\nnext: nothing to do\n");
  });

  it("names a live writer and leaves it alone", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const holder = await holdIndexLock(join(root, ".tsift/index.lock"));
    try {
      const result = await tsift(root, ["locks", "--json"]);
      expect(result.code).toBe(0);
      expect(result.json().databases[0].lock).toMatchObject({ state: "live", pid: holder.pid, acquired_at: expect.any(String), reason: "unverified" });
      expect(result.json().next).toMatch(new RegExp(`^wait for the writer \\(pid ${holder.pid}\\) to finish`));
    } finally {
      await holder.release();
    }
  });

  it("recognises a stale lock, WAL/SHM sidecars and a hot journal", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const pid = deadPid();
    writeFileSync(join(root, ".tsift/index.lock"), `${pid}\n2024-01-01T00:00:00.000Z\nindex\n`);
    const stale = (await tsift(root, ["locks", "--json"])).json();
    expect(stale.databases[0].lock).toEqual({
      lock_path: ".tsift/index.lock",
      state: "stale",
      pid,
      acquired_at: "2024-01-01T00:00:00.000Z",
      reason: "dead",
      host: null,
      description: `stale: pid ${pid} is gone`,
    });
    expect(stale.next).toBe(`\`tsift index .\` takes over the stale lock of pid ${pid} (that process is gone)`);
    expect((await tsift(root, ["index", "-q"])).code).toBe(0);

    const sqlite = await holdSqliteLock(join(root, ".tsift/index.db"));
    try {
      // A connection in WAL mode keeps the -wal file while it is open.
      const held = (await tsift(root, ["locks", "--json"])).json().databases[0];
      expect(held).toMatchObject({ journal_mode: "wal", wal: { present: true }, lock: { state: "absent" } });
    } finally {
      await sqlite.release();
    }
    writeFileSync(join(root, ".tsift/index.db-journal"), "x".repeat(512));
    expect((await tsift(root, ["locks", "--json"])).json().next).toMatch(/hot rollback journal\); `tsift index .` rolls it back/);
  });

  it("covers graph.db next to the index and each workspace scope", async () => {
    const root = project({ ".gitmodules": '[submodule "lib"]\n\tpath = lib\n\turl = ../lib.git\n', "lib/a.rs": "fn a() {}\n" });
    await tsift(root, ["index", "--workspace", "-q"]);
    cpSync(join(repoRoot, "fixtures/graph-db/canonical-rows.json"), join(root, "rows.json"));
    await tsift(root, ["graph-db", "--scope", "lib", "import", "rows.json"]);
    const report = (await tsift(root, ["locks", "--scope", "lib", "--json"])).json();
    expect(report.databases.map((entry: { database: string; scope: string; db_path: string }) => `${entry.database} ${entry.scope} ${entry.db_path}`)).toEqual([
      "index lib .tsift/indexes/lib/index.db",
      "graph lib .tsift/indexes/lib/graph.db",
    ]);
    expect(report.databases[1].lock.lock_path).toBe(".tsift/indexes/lib/graph.write.lock");
    expect((await tsift(root, ["locks", "--scope", "nope"])).code).toBe(3);
  });
});
