import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { explainSymbol, indexLocation, INDEX_SCHEMA_VERSION, updateIndex } from "../src/index";
import { symbolById } from "../src/graph-read";
import { INDEX_MIGRATIONS } from "../src/store/index-schema";
import { query } from "./db-helpers";
import { tempTree } from "./helpers";

const SOURCES = {
  "src/ledger.ts": [
    "/**",
    " * Reconciles ledger entries against the bank statement. Slow.",
    " */",
    "export function reconcile(rows: string[]) {",
    "  return rows;",
    "}",
    "",
  ].join("\n"),
  "tools/audit.py": ["def audit(entries):", '    """Flags suspicious payouts for review."""', "    return [e for e in entries if e > 100]", ""].join("\n"),
};

const ftsCount = (dbPath: string, match: string) => query<{ n: number }>(dbPath, "SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?", match)[0]!.n;

describe("doc comments in index.db", () => {
  it("stores each symbol's doc and makes it a separate full-text field of its chunk", async () => {
    const root = tempTree(SOURCES);
    const location = indexLocation(root);
    await updateIndex(location);
    expect(query(location.dbPath, "SELECT name, doc FROM symbols ORDER BY name")).toEqual([
      { name: "audit", doc: "Flags suspicious payouts for review." },
      { name: "reconcile", doc: "Reconciles ledger entries against the bank statement." },
    ]);
    // Only the first sentence is a doc: `slow` is in the body, not in the doc field.
    expect(ftsCount(location.dbPath, 'doc:"statement"')).toBe(1);
    expect(ftsCount(location.dbPath, 'doc:"payouts"')).toBe(1);
    expect(ftsCount(location.dbPath, 'doc:"slow"')).toBe(0);
    expect(ftsCount(location.dbPath, 'body:"slow"')).toBe(1);
  });

  it("shows the doc in explain", async () => {
    const root = tempTree(SOURCES);
    const location = indexLocation(root);
    await updateIndex(location);
    const db = new Database(location.dbPath, { readonly: true });
    try {
      const id = (db.prepare("SELECT id FROM symbols WHERE name = 'reconcile'").pluck().get() as number) ?? 0;
      const explained = explainSymbol(db, symbolById(db, id)!);
      expect(explained.doc).toBe("Reconciles ledger entries against the bank statement.");
    } finally {
      db.close();
    }
  });

  it("migrates a version 5 index: the doc column and field are added and every file is re-extracted", async () => {
    const root = tempTree(SOURCES);
    const location = indexLocation(root);
    await updateIndex(location);
    // Make the file what version 5 left: no doc column, a four-field FTS table.
    const db = new Database(location.dbPath);
    db.exec("DROP TABLE chunks_fts");
    db.exec(INDEX_MIGRATIONS[1]!.find((statement) => statement.includes("CREATE VIRTUAL TABLE"))!);
    db.exec("ALTER TABLE symbols DROP COLUMN doc");
    db.pragma("user_version = 5");
    db.close();
    const summary = await updateIndex(location);
    expect(summary.parsed).toBe(2);
    expect(query(location.dbPath, "PRAGMA user_version")).toEqual([{ user_version: INDEX_SCHEMA_VERSION }]);
    expect(ftsCount(location.dbPath, 'doc:"payouts"')).toBe(1);
    expect(query(location.dbPath, "SELECT count(*) AS n FROM symbols WHERE doc IS NOT NULL")).toEqual([{ n: 2 }]);
  });
});
