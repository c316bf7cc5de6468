import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INDEX_MIGRATIONS } from "../src/store/index-schema";
import { enclosingSymbolName, overlappingChunkIds, unitSymbolsOverlapping } from "../src/indexer";
import { countNameQuery } from "../src/store/queries/distinct-names";

/**
 * A long-lived reader answers span lookups from per-file caches once it has answered a name
 * query before; a one-shot command asks SQLite. Both must give the same rows in the same
 * order for any spans (nested, equal, touching, out of order) and any lookups.
 */

interface SymbolSpec {
  file: string;
  name: string;
  kind: string;
  line: number;
  length: number;
}
interface ChunkSpec {
  file: string;
  start: number;
  length: number;
}

const FILES = ["src/a.ts", "src/b.py"];
const KINDS = ["function", "method", "class", "const"];

function database(symbols: readonly SymbolSpec[], chunks: readonly ChunkSpec[]): Database.Database {
  const db = new Database(":memory:");
  for (const migration of INDEX_MIGRATIONS) for (const statement of migration) db.exec(statement);
  const symbol = db.prepare(
    "INSERT INTO symbols (file, name, kind, language, line, end_line, parent, qualified_name, doc) VALUES (?, ?, ?, 'typescript', ?, ?, NULL, ?, ?)",
  );
  symbols.forEach((spec, i) =>
    symbol.run(spec.file, spec.name, spec.kind, spec.line, spec.line + spec.length, `${spec.name}#${i}`, i % 3 === 0 ? `doc ${i}` : null),
  );
  const chunk = db.prepare(
    "INSERT INTO chunks (file, language, start_line, end_line, origin, symbol, symbol_kind, names, hash, text) VALUES (?, 'typescript', ?, ?, 'symbol', NULL, NULL, '', '', '')",
  );
  for (const spec of chunks) chunk.run(spec.file, spec.start, spec.start + spec.length);
  return db;
}

const file = fc.constantFrom(...FILES);
const symbolSpec = fc.record({
  file,
  name: fc.constantFrom("alpha", "beta", "gamma"),
  kind: fc.constantFrom(...KINDS),
  line: fc.integer({ min: 1, max: 60 }),
  length: fc.integer({ min: 0, max: 30 }),
});
const chunkSpec = fc.record({ file, start: fc.integer({ min: 1, max: 60 }), length: fc.integer({ min: 0, max: 25 }) });
const range = fc.record({ file, start: fc.integer({ min: 1, max: 70 }), length: fc.integer({ min: 0, max: 20 }) });

function lookups(db: Database.Database, ranges: readonly { file: string; start: number; length: number }[], kinds: readonly string[]) {
  return {
    units: unitSymbolsOverlapping(
      db,
      ranges.map((r) => ({ file: r.file, start: r.start, end: r.start + r.length })),
      kinds,
    ),
    enclosing: ranges.map((r) => [enclosingSymbolName(db, r.file, r.start), enclosingSymbolName(db, r.file, r.start, r.start + r.length)]),
    chunks: ranges.map((r) => overlappingChunkIds(db, r.file, r.start, r.start + r.length)),
  };
}

describe("span lookups of a warm reader", () => {
  it("equal the SQL answers row for row", () => {
    fc.assert(
      fc.property(
        fc.array(symbolSpec, { maxLength: 60 }),
        fc.array(chunkSpec, { maxLength: 30 }),
        fc.array(range, { minLength: 1, maxLength: 8 }),
        fc.subarray(KINDS, { minLength: 1 }),
        (symbols, chunks, ranges, kinds) => {
          const db = database(symbols, chunks);
          try {
            const cold = lookups(db, ranges, kinds);
            // Two name queries answered: this connection now reads spans from its file caches.
            countNameQuery(db);
            countNameQuery(db);
            const warm = lookups(db, ranges, kinds);
            expect(warm).toEqual(cold);
            // And again from the filled caches.
            expect(lookups(db, ranges, kinds)).toEqual(cold);
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
