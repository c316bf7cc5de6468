import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { indexLocation, openIndexReader, updateIndex, type IndexLocation } from "../src/index";
import { buildingPath } from "../src/store/open-index";
import { dumpIndex, query } from "./db-helpers";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/", import.meta.url));
const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of a shared fixture project (the index writes `.tsift/` into its root). */
function copyFixture(name: string): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-batches-")));
  created.push(root);
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return root;
}

/** What readers get from an index: every row of every table an answer reads, full-text matches ranked, and the schema. */
function answers(dbPath: string) {
  const rows = dumpIndex(dbPath);
  return {
    ...rows,
    // Each copy of a fixture has its own mtimes.
    files: rows.files!.map((file) => ({ ...(file as Record<string, unknown>), mtime_ns: null })),
    calls: rows.calls!,
    chunks: query(dbPath, "SELECT id, file, language, start_line, end_line, origin, symbol, symbol_kind, names, hash, text FROM chunks ORDER BY id"),
    member_types: query(dbPath, "SELECT * FROM member_types ORDER BY id"),
    dir_state: query(dbPath, "SELECT path FROM dir_state ORDER BY path"),
    meta: query(dbPath, "SELECT key, value FROM meta WHERE key NOT IN ('indexed_at', 'root') ORDER BY key"),
    fts: ["get", "format", "store", "main", "class"].map((term) =>
      query(dbPath, "SELECT rowid, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rank, rowid", term),
    ),
    schema: query(dbPath, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"),
  };
}

const filesIn = (dbPath: string) => query<{ n: number }>(dbPath, "SELECT count(*) AS n FROM files")[0]!.n;
const leftovers = (location: IndexLocation) => readdirSync(dirname(location.dbPath)).filter((name) => name.startsWith("index.db.building"));

describe("a first index bigger than a batch", () => {
  for (const fixture of ["languages", "resolution-modes"]) {
    it(`commits in batches aside, and answers exactly as one transaction does (${fixture})`, async () => {
      const batched = indexLocation(copyFixture(fixture));
      const whole = indexLocation(copyFixture(fixture));
      const batch = 7;
      const seen: { done: number; committed: number; live: number }[] = [];
      const summary = await updateIndex(batched, {
        batchFiles: batch,
        onProgress: ({ done }) => {
          if (done % batch !== 0) return;
          // Each batch is committed into the file beside index.db; index.db itself stays as it was.
          seen.push({ done, committed: filesIn(buildingPath(batched.dbPath)), live: filesIn(batched.dbPath) });
        },
      });
      expect(summary.new).toBeGreaterThan(3 * batch);
      expect(seen.length).toBeGreaterThanOrEqual(3);
      for (const step of seen) expect(step).toEqual({ done: step.done, committed: step.done, live: 0 });
      expect(leftovers(batched)).toEqual([]);

      const single = await updateIndex(whole, { batchFiles: 1_000_000 });
      expect(single.new).toBe(summary.new);
      const reference = answers(whole.dbPath);
      expect(reference.calls.length).toBeGreaterThan(0);
      const got = answers(batched.dbPath);
      for (const key of Object.keys(reference)) expect([key, got[key as keyof typeof got]]).toEqual([key, reference[key as keyof typeof reference]]);
      // The promoted file is an ordinary index: the next run finds nothing to do.
      expect((await updateIndex(batched, { batchFiles: batch })).parsed).toBe(0);
    });
  }

  it("that fails between two batches leaves nothing half-built for readers, and the next run completes", async () => {
    const root = copyFixture("resolution-modes");
    const location = indexLocation(root);
    const batch = 5;
    await expect(
      updateIndex(location, {
        batchFiles: batch,
        onProgress: ({ done }) => {
          if (done === 3 * batch) throw new Error("stopped between batches");
        },
      }),
    ).rejects.toThrow(/stopped between batches/);
    // Readers see the file as it was before the run (an empty index), never the batches committed aside.
    const reader = openIndexReader(location);
    try {
      expect(reader.database.prepare("SELECT count(*) FROM files").pluck().get()).toBe(0);
      expect(reader.database.prepare("SELECT count(*) FROM symbols").pluck().get()).toBe(0);
    } finally {
      void reader.close();
    }
    expect(leftovers(location)).toEqual([]);
    expect(existsSync(location.lockPath)).toBe(false);

    const summary = await updateIndex(location, { batchFiles: batch });
    const whole = indexLocation(copyFixture("resolution-modes"));
    await updateIndex(whole);
    expect(summary.new).toBe((await updateIndex(whole)).total_tracked);
    expect(answers(location.dbPath)).toEqual(answers(whole.dbPath));
  });

  it("keeps an index readers use in one transaction: a rebuild is not written aside", async () => {
    const location = indexLocation(copyFixture("languages"));
    await updateIndex(location, { batchFiles: 4 });
    // Rows, not full-text ranks: a rebuild deletes and re-adds every chunk, which moves BM25's collection statistics.
    const rows = () => ({ ...answers(location.dbPath), fts: null });
    const before = rows();
    const seen: boolean[] = [];
    await updateIndex(location, { rebuild: true, batchFiles: 4, onProgress: () => void seen.push(existsSync(buildingPath(location.dbPath))) });
    expect(seen.length).toBeGreaterThan(4);
    expect(seen.every((aside) => !aside)).toBe(true);
    expect(rows()).toEqual(before);
  });
});
