import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import {
  chunkAt,
  chunkCount,
  chunksById,
  chunkVectorFingerprint,
  ftsChunkMatches,
  indexedFilePaths,
  indexLocation,
  indexWatermark,
  memoizedIndexWatermark,
  missingChunkVectorCount,
  pendingChunkContents,
  resolvedCallerCounts,
  storeChunkVectors,
  symbolHandlesById,
  symbolNameCandidates,
  symbolHandle,
  updateIndex,
} from "../src/index";
import { prepared } from "../src/store/queries/prepared";
import { tempTree } from "./helpers";

const PROJECT = {
  "src/users.ts": [
    "export function getUserName(id: string): string {",
    "  return lookupUser(id);",
    "}",
    "",
    "export function lookupUser(id: string): string {",
    "  return id;",
    "}",
    "",
    "export function setUserName(id: string): void {",
    "  lookupUser(id);",
    "}",
    "",
  ].join("\n"),
  "tools/cache.py": "def get_user_name(user_id):\n    return user_id\n",
};

async function indexed(): Promise<Database.Database> {
  const location = indexLocation(tempTree(PROJECT));
  await updateIndex(location);
  return new Database(location.dbPath);
}

describe("index.db named queries", () => {
  it("prepares a statement once per connection and mode", async () => {
    const db = await indexed();
    const other = new Database(db.name, { readonly: true });
    expect(prepared(db, "SELECT count(*) FROM chunks", "pluck")).toBe(prepared(db, "SELECT count(*) FROM chunks", "pluck"));
    expect(prepared(db, "SELECT count(*) FROM chunks", "rows")).not.toBe(prepared(db, "SELECT count(*) FROM chunks", "pluck"));
    expect(prepared(other, "SELECT count(*) FROM chunks", "pluck")).not.toBe(prepared(db, "SELECT count(*) FROM chunks", "pluck"));
    other.close();
    db.close();
  });

  it("finds symbol candidates by exact name and tags through the name indexes, with filters", async () => {
    const db = await indexed();
    const names = (rows: { name: string }[]) => rows.map((row) => row.name);
    expect(names(symbolNameCandidates(db, { query: "lookupUser", tags: ["lookup", "user"], limit: 10 }))[0]).toBe("lookupUser");
    expect(names(symbolNameCandidates(db, { query: "user name", tags: ["user", "name"], limit: 10, languages: ["python"] }))).toEqual(["get_user_name"]);
    expect(names(symbolNameCandidates(db, { query: "user name", tags: ["user", "name"], limit: 10, path: "./src/" })).sort()).toEqual([
      "getUserName",
      "lookupUser",
      "setUserName",
    ]);
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN SELECT rowid FROM symbols INDEXED BY idx_symbols_name_lower WHERE lower(name) = lower(?)`).all("x") as { detail: string }[]
    )
      .map((row) => row.detail)
      .join("\n");
    expect(plan).toMatch(/idx_symbols_name_lower/);
    db.close();
  });

  it("counts resolved callers and names symbols by handle", async () => {
    const db = await indexed();
    const [lookup] = symbolNameCandidates(db, { query: "lookupUser", tags: [], limit: 1 });
    expect(resolvedCallerCounts(db, [lookup!.id]).get(lookup!.id)).toBe(2);
    expect(symbolHandlesById(db, [lookup!.id]).get(lookup!.id)).toBe(symbolHandle(lookup!.file, lookup!.qualified_name, lookup!.line));
    expect(resolvedCallerCounts(db, []).size).toBe(0);
    db.close();
  });

  it("reads chunks, FTS matches with their total, and indexed files", async () => {
    const db = await indexed();
    expect(indexedFilePaths(db)).toEqual(["src/users.ts", "tools/cache.py"]);
    const weights = { names: 5, path: 2.5, body: 1, terms: 1 };
    const all = ftsChunkMatches(db, { match: '"user"', weights, limit: 50 });
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.length).toBeGreaterThan(1);
    const page = ftsChunkMatches(db, { match: '"user"', weights, limit: 1 });
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(all.total);
    expect(ftsChunkMatches(db, { match: '"user"', weights, limit: 50, languages: ["python"] }).rows).toHaveLength(1);
    const chunk = chunkAt(db, "tools/cache.py", 2)!;
    expect(chunk.symbol).toBe("get_user_name");
    expect(chunksById(db, [chunk.id]).get(chunk.id)).toEqual(chunk);
    expect(chunkCount(db)).toBeGreaterThanOrEqual(all.total);
    db.close();
  });

  it("stores vectors and prunes orphans in one transaction, and the fingerprint follows", async () => {
    const db = await indexed();
    const pending = pendingChunkContents(db, "test-encoder");
    expect(pending.length).toBe(missingChunkVectorCount(db, "test-encoder"));
    const before = chunkVectorFingerprint(db, "test-encoder");
    const vectors = new Map(pending.map((row) => [row.hash, Buffer.from([0, 0, 128, 63, 1])]));
    vectors.set("gone", Buffer.from([0]));
    const { pruned } = storeChunkVectors(db, "test-encoder", vectors);
    expect(pruned).toBe(1);
    expect(missingChunkVectorCount(db, "test-encoder")).toBe(0);
    const after = chunkVectorFingerprint(db, "test-encoder");
    expect(after).toEqual({ ...before, vectorsVersion: "v1" });
    expect(before.vectorsVersion).toBe("n0");
    // Storing nothing and pruning nothing keeps the version; storing again moves it.
    storeChunkVectors(db, "test-encoder", new Map());
    expect(chunkVectorFingerprint(db, "test-encoder")).toEqual(after);
    storeChunkVectors(db, "test-encoder", new Map([[pending[0]!.hash, Buffer.from([0, 0, 128, 63, 2])]]));
    expect(chunkVectorFingerprint(db, "test-encoder").vectorsVersion).toBe("v2");
    db.close();
  });
});

describe("memoizedIndexWatermark", () => {
  it("remembers the watermark per index run and hashes again after the next run", async () => {
    const { appendFileSync, readFileSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const root = tempTree(PROJECT);
    const location = indexLocation(root);
    await updateIndex(location);
    const cacheDir = join(root, ".tsift", "community-cache", "root");
    let db = new Database(location.dbPath, { readonly: true });
    const first = memoizedIndexWatermark(db, cacheDir);
    expect(first).toBe(indexWatermark(db));
    // A hit is read from the memo, not hashed: a doctored memo shows through.
    const memo = join(cacheDir, "watermark.memo");
    const [key] = readFileSync(memo, "utf8").split("\n");
    writeFileSync(memo, `${key}\nfrom-the-memo`);
    expect(memoizedIndexWatermark(db, cacheDir)).toBe("from-the-memo");
    db.close();

    appendFileSync(join(root, "src/users.ts"), "\nexport function addedLater(): void {}\n");
    await updateIndex(location);
    db = new Database(location.dbPath, { readonly: true });
    const second = memoizedIndexWatermark(db, cacheDir);
    expect(second).toBe(indexWatermark(db));
    expect(second).not.toBe(first);
    db.close();
  });
});
