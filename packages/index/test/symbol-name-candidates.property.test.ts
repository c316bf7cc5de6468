import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexLocation, symbolNameCandidates, updateIndex, type SymbolCandidateQuery } from "../src/index";
import { INDEX_MIGRATIONS } from "../src/store/index-schema";
import { tempTree } from "./helpers";

/**
 * The ranking as one SQL statement over the name indexes (how symbolNameCandidates read it
 * before it matched names in memory): the oracle the in-memory matching must equal, row for
 * row, for any names, queries, filters and limits.
 */
function oracle(db: Database.Database, query: SymbolCandidateQuery): number[] {
  const matched = query.tags.length > 0 ? query.tags.map(() => "(instr(lower(name), ?) > 0)").join(" + ") : "0";
  const filters: string[] = [];
  const params: string[] = [];
  if (query.languages?.length) {
    filters.push(`language IN (${query.languages.map(() => "?").join(",")})`);
    params.push(...query.languages);
  }
  if (query.kinds?.length) {
    filters.push(`kind IN (${query.kinds.map(() => "?").join(",")})`);
    params.push(...query.kinds);
  }
  const where = filters.length ? `${filters.join(" AND ")} AND ` : "";
  const sql = `WITH hits AS (
       SELECT rowid AS id, lower(name) = lower(?) AS exact, ${matched} AS matched, length(lower(name)) AS len
       FROM symbols WHERE ${where}(exact OR matched > 0)
       UNION ALL
       SELECT rowid, 1, ${matched}, length(name) FROM symbols WHERE ${where}lower(qualified_name) = lower(?)
     )
     SELECT id FROM hits GROUP BY id ORDER BY max(exact) DESC, max(matched) DESC, len, id LIMIT ?`;
  return db
    .prepare(sql)
    .pluck()
    .all(query.query, ...query.tags, ...params, ...query.tags, ...params, query.query, query.limit) as number[];
}

function database(rows: { name: string; parent: string | null; kind: string; language: string }[]): Database.Database {
  const db = new Database(":memory:");
  for (const migration of INDEX_MIGRATIONS) for (const statement of migration) db.exec(statement);
  const insert = db.prepare(
    "INSERT INTO symbols (file, name, kind, language, line, end_line, parent, qualified_name) VALUES ('src/a.ts', ?, ?, ?, 1, 1, ?, ?)",
  );
  for (const row of rows) insert.run(row.name, row.kind, row.language, row.parent, row.parent ? `${row.parent}.${row.name}` : row.name);
  return db;
}

const part = fc.constantFrom("get", "Get", "user", "User", "name", "NAME", "id", "x", "é", "É", "🙂", "set");
const name = fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(""));
const row = fc.record({
  name,
  parent: fc.option(name, { nil: null }),
  kind: fc.constantFrom("function", "method", "class"),
  language: fc.constantFrom("typescript", "python"),
});

describe("symbolNameCandidates", () => {
  it("ranks exactly as the one-statement SQL ranking does", () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 250 }),
        fc.oneof(
          name,
          fc.tuple(name, name).map(([a, b]) => `${a}.${b}`),
        ),
        fc.array(fc.constantFrom("get", "user", "name", "id", "é", "x"), { maxLength: 3 }),
        fc.integer({ min: 1, max: 80 }),
        fc.option(fc.constantFrom(["python"], ["typescript"]), { nil: undefined }),
        fc.option(fc.constantFrom(["method"], ["function", "class"]), { nil: undefined }),
        (rows, text, tags, limit, languages, kinds) => {
          const db = database(rows);
          const query: SymbolCandidateQuery = { query: text, tags, limit, ...(languages ? { languages } : {}), ...(kinds ? { kinds } : {}) };
          // The connection's first query scans the name indexes; later ones match names in memory.
          const expected = oracle(db, query);
          expect(symbolNameCandidates(db, query).map((candidate) => candidate.id)).toEqual(expected);
          expect(symbolNameCandidates(db, query).map((candidate) => candidate.id)).toEqual(expected);
          db.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads every name that ties with the last one read before it cuts at the limit", () => {
    // More equally ranked names than one read takes: row id alone decides which make the limit.
    const names = Array.from({ length: 150 }, (_, i) => `user${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`);
    fc.assert(
      fc.property(fc.shuffledSubarray(names, { minLength: 150, maxLength: 150 }), fc.integer({ min: 60, max: 140 }), (order, limit) => {
        const db = database(order.map((entry) => ({ name: entry, parent: null, kind: "function", language: "typescript" })));
        const query = { query: "user", tags: ["user"], limit };
        symbolNameCandidates(db, { ...query, limit: 1 });
        expect(symbolNameCandidates(db, query).map((candidate) => candidate.id)).toEqual(oracle(db, query));
        db.close();
      }),
      { numRuns: 40 },
    );
  });

  it("sees rows written after its names were cached", () => {
    const db = database([{ name: "getUser", parent: null, kind: "function", language: "typescript" }]);
    expect(symbolNameCandidates(db, { query: "user", tags: ["user"], limit: 5 }).map((row) => row.name)).toEqual(["getUser"]);
    expect(symbolNameCandidates(db, { query: "user", tags: ["user"], limit: 5 }).map((row) => row.name)).toEqual(["getUser"]);
    db.prepare(
      "INSERT INTO symbols (file, name, kind, language, line, end_line, qualified_name) VALUES ('b.ts', 'userName', 'function', 'typescript', 1, 1, 'userName')",
    ).run();
    expect(symbolNameCandidates(db, { query: "user", tags: ["user"], limit: 5 }).map((row) => row.name)).toEqual(["getUser", "userName"]);
    db.close();
  });

  it("keeps an index file's names across connections until an index run changes them", async () => {
    const root = tempTree({ "src/a.ts": "export function getUser() {}\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    const names = () => {
      const db = new Database(location.dbPath, { readonly: true });
      try {
        return symbolNameCandidates(db, { query: "user", tags: ["user"], limit: 5 }).map((row) => row.name);
      } finally {
        db.close();
      }
    };
    // One connection per command, as the daemon and the MCP server open them.
    expect(names()).toEqual(["getUser"]);
    expect(names()).toEqual(["getUser"]);
    writeFileSync(join(root, "src/b.ts"), "export function userName() {}\n");
    await updateIndex(location);
    expect(names()).toEqual(["getUser", "userName"]);
    expect(names()).toEqual(["getUser", "userName"]);
  });
});
