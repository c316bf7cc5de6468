import { mkdirSync, statSync, unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { INDEX_SCHEMA_VERSION, indexLocation, updateIndex } from "../src/index";
import { INDEX_MIGRATIONS } from "../src/store/index-schema";
import { exec, query } from "./db-helpers";
import { bumpMtime, tempTree, writeTree } from "./helpers";

const ftsCount = (dbPath: string, match: string) => query<{ n: number }>(dbPath, "SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?", match)[0]!.n;
const chunkFiles = (dbPath: string) => query<{ file: string }>(dbPath, "SELECT DISTINCT file FROM chunks ORDER BY file").map((row) => row.file);

describe("search chunks in index.db", () => {
  it("writes chunks with 1-based spans and an enriched FTS row per chunk", async () => {
    const root = tempTree({
      "src/http/client.ts": "/** Fetches a page. */\nexport function getHTTPResponse(user_name: string) {\n  return fetchPage(user_name);\n}\n",
    });
    const location = indexLocation(root);
    await updateIndex(location);
    expect(query(location.dbPath, "SELECT file, language, start_line, end_line, origin, symbol, symbol_kind, names FROM chunks")).toEqual([
      {
        file: "src/http/client.ts",
        language: "typescript",
        start_line: 1,
        end_line: 4,
        origin: "symbol",
        symbol: "getHTTPResponse",
        symbol_kind: "function",
        names: "getHTTPResponse",
      },
    ]);
    // Names, path segments and identifier parts are all searchable, with stemming.
    for (const match of ['names:"response"', 'path:"http"', 'body:"fetches"', 'terms:"username"', '"fetch"', '"pages"'])
      expect(ftsCount(location.dbPath, match), match).toBe(1);
    expect(ftsCount(location.dbPath, '"nothing"')).toBe(0);
  });

  it("replaces and deletes a file's chunks and FTS rows incrementally, in the same update", async () => {
    const root = tempTree({ "a.py": "def alpha_helper():\n    return 1\n", "b.py": "def beta_worker():\n    return 2\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    expect(chunkFiles(location.dbPath)).toEqual(["a.py", "b.py"]);
    writeTree(root, { "a.py": "def gamma_runner():\n    return 3\n" });
    bumpMtime(join(root, "a.py"));
    await updateIndex(location);
    expect(ftsCount(location.dbPath, '"alpha"')).toBe(0);
    expect(ftsCount(location.dbPath, '"gamma"')).toBe(1);
    unlinkSync(join(root, "b.py"));
    await updateIndex(location);
    expect(chunkFiles(location.dbPath)).toEqual(["a.py"]);
    expect(ftsCount(location.dbPath, '"beta"')).toBe(0);
    // Every FTS row belongs to a chunk: nothing leaked by the deletes.
    expect(query(location.dbPath, "SELECT count(*) AS n FROM chunks")).toEqual([{ n: ftsCount(location.dbPath, '"gamma" OR "runner" OR "return"') }]);
    await updateIndex(location, { rebuild: true });
    expect(ftsCount(location.dbPath, '"gamma"')).toBe(1);
  });

  it("rolls chunk writes back with the rest of a failed update", async () => {
    const root = tempTree({ "a.py": "def alpha():\n    pass\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    exec(location.dbPath, "CREATE TRIGGER fail_chunks BEFORE INSERT ON chunks BEGIN SELECT RAISE(ABORT, 'chunk write failed'); END");
    writeTree(root, { "b.py": "def beta():\n    pass\n" });
    await expect(updateIndex(location)).rejects.toThrow(/chunk write failed/);
    expect(chunkFiles(location.dbPath)).toEqual(["a.py"]);
    expect(query(location.dbPath, "SELECT path FROM files ORDER BY path")).toEqual([{ path: "a.py" }]);
  });

  it("re-extracts every file when a version 1 index is migrated, so old files get chunks", async () => {
    const root = tempTree({ "a.py": "def alpha():\n    pass\n" });
    const location = indexLocation(root);
    // A real version 1 file: its schema, and a row saying a.py is indexed and unchanged.
    mkdirSync(dirname(location.dbPath), { recursive: true });
    const db = new Database(location.dbPath);
    for (const statement of INDEX_MIGRATIONS[0]!) db.exec(statement);
    const stat = statSync(join(root, "a.py"), { bigint: true });
    db.prepare("INSERT INTO files (path, language, size, mtime_ns, content_hash, indexed_at) VALUES ('a.py', 'python', ?, ?, 'h', 'then')").run(
      Number(stat.size),
      stat.mtimeNs,
    );
    db.pragma("user_version = 1");
    db.close();
    const summary = await updateIndex(location);
    expect(summary.parsed).toBe(1);
    expect(query(location.dbPath, "PRAGMA user_version")).toEqual([{ user_version: INDEX_SCHEMA_VERSION }]);
    expect(chunkFiles(location.dbPath)).toEqual(["a.py"]);
  });
});
