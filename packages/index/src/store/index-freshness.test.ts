import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexFreshness } from "./index-freshness";
import Database from "better-sqlite3";
import { indexLocation } from "../walk/index-location";
import { INDEX_SCHEMA_VERSION } from "./index-schema";
import { openIndexReader } from "./open-index";
import { updateIndex } from "./update/update-index";

const root = mkdtempSync(join(tmpdir(), "tsift-freshness-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("indexFreshness", () => {
  it("is missing, then fresh with counts and age, then stale after an edit", async () => {
    writeFileSync(join(root, "a.py"), "def a():\n    pass\n");
    writeFileSync(join(root, "b.py"), "def b():\n    pass\n");
    const location = indexLocation(root);
    expect(await indexFreshness(location)).toEqual({
      state: "missing",
      total_files: 0,
      stale_files: 0,
      changes: [],
      schema_outdated: false,
      last_indexed_at: null,
      last_indexed_secs_ago: null,
      tool_version: null,
    });
    await updateIndex(location);
    const fresh = await indexFreshness(location);
    expect(fresh).toMatchObject({ state: "fresh", total_files: 2, stale_files: 0, changes: [], schema_outdated: false, tool_version: expect.any(String) });
    const later = new Date(Date.parse(fresh.last_indexed_at!) + 90_000);
    expect((await indexFreshness(location, { now: later })).last_indexed_secs_ago).toBe(90);
    const future = new Date(Date.now() + 10_000);
    utimesSync(join(root, "a.py"), future, future);
    writeFileSync(join(root, "c.py"), "x = 1\n");
    expect(await indexFreshness(location)).toMatchObject({
      state: "stale",
      total_files: 2,
      stale_files: 2,
      changes: [
        { path: "a.py", kind: "modified", language: "python" },
        { path: "c.py", kind: "new", language: "python" },
      ],
    });
  });

  it("checks a connection the caller holds without closing it", async () => {
    const location = indexLocation(root);
    await updateIndex(location);
    const connection = openIndexReader(location);
    try {
      expect(await indexFreshness(location, { connection })).toMatchObject({ state: "fresh", stale_files: 0 });
      expect(connection.database.open).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it("counts an index written by an older schema as stale, with no changed files", async () => {
    const location = indexLocation(root);
    await updateIndex(location);
    const db = new Database(location.dbPath);
    db.pragma(`user_version = ${INDEX_SCHEMA_VERSION - 1}`);
    db.close();
    expect(await indexFreshness(location)).toMatchObject({ state: "stale", stale_files: 0, changes: [], schema_outdated: true });
  });
});
