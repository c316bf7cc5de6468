import { cpSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { loadLanguageHooks } from "../src/resolve/language-hooks";
import { SqliteSymbols } from "../src/resolve/symbol-source";
import { createCallResolver } from "../src/resolve/create-call-resolver";
import { type ResolverCall, type ResolverImport, type ResolverMemberType, type ResolverSymbol } from "../src/resolve/resolver-types";
import { indexLocation, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

// One project per language and call-resolution mode: every way the resolver finds a target.
const FIXTURES = fileURLToPath(new URL("../../../fixtures/resolution-modes/", import.meta.url));
const COLUMNS = "id, file, name, kind, language, parent, qualified_name, signature, visibility, return_type, value_type, bases, line";

describe("symbols read from index.db on demand", () => {
  it("give every call the answer the resolver gives with every symbol held, however few rows they keep", async () => {
    const root = tempTree();
    cpSync(FIXTURES, root, { recursive: true });
    const location = indexLocation(root);
    await updateIndex(location);
    await loadLanguageHooks();
    const db = new Database(location.dbPath, { readonly: true });
    try {
      const languages = new Map(
        (db.prepare("SELECT path, language FROM files WHERE skip_reason IS NULL").all() as { path: string; language: string }[]).map((row) => [
          row.path,
          row.language,
        ]),
      );
      const imports = db.prepare("SELECT id, file, module, name, alias, resolved_file, kind FROM imports").all() as ResolverImport[];
      const symbols = db.prepare(`SELECT ${COLUMNS} FROM symbols ORDER BY id`).all() as ResolverSymbol[];
      const memberTypes = db.prepare("SELECT file, owner, name, type FROM member_types ORDER BY id").all() as ResolverMemberType[];
      const calls = db
        .prepare(
          "SELECT id, file, caller_symbol_id, callee_name, receiver, kind, receiver_type, local, line, resolved_symbol_id, resolution FROM calls ORDER BY id",
        )
        .all() as (ResolverCall & { resolved_symbol_id: number | null; resolution: string })[];
      expect(calls.length).toBeGreaterThan(400);

      const held = createCallResolver(symbols, imports, memberTypes, languages);
      const answers = (resolve: typeof held) => calls.map((call) => resolve(call, languages.get(call.file) ?? ""));
      const expected = answers(held);
      expect(expected.filter((answer) => answer.resolved_symbol_id !== null).length).toBeGreaterThan(200);
      // Every file asked one question at a time (all count as large), then files of more
      // than 10 symbols so, the others read whole and evicted as soon as another is read.
      const direct = new SqliteSymbols(db, { fileRows: 1, nameRows: 1, ids: 1 });
      expect(answers(createCallResolver(direct, imports, [], languages))).toEqual(expected);
      const source = new SqliteSymbols(db, { fileRows: 200, nameRows: 1, ids: 1 });
      expect(answers(createCallResolver(source, imports, [], languages))).toEqual(expected);
      // What the index run stored (read on demand with the default limits) is the same.
      expect(calls.map(({ resolved_symbol_id, resolution }) => ({ resolved_symbol_id, resolution }))).toEqual(expected);
      // What is kept stays within the limits: rows of files of at most 10 symbols (and their member types) past the last one read.
      const { fileRows, ids } = source.held();
      expect(ids).toBe(1);
      expect(fileRows).toBeLessThanOrEqual(200 + 10 + (db.prepare("SELECT count(*) FROM member_types").pluck().get() as number));
      expect(direct.held().fileRows).toBe(0);
    } finally {
      db.close();
    }
  });
});
