import type Database from "better-sqlite3";
import type { FileExtraction, Lang } from "@tsift/graph";
import { symbolHandle } from "../symbol-handle";
import { PER_FILE_TABLES, type FailureReason } from "../index-schema";
import type { SkipReason } from "../../walk/read-source";
import type { WalkedDir } from "../../walk/walk-files";
import type { PendingCall } from "../../resolve/resolve-pass";

/** What `files` remembers about one file between runs. */
export interface TrackedFile {
  language: string;
  size: number;
  mtimeNs: bigint;
  contentHash: string;
  skipReason: string | null;
}

/** Every write the updater makes, prepared once per connection (STYLE "Database access"). */
export class IndexStore {
  private readonly deletes: Database.Statement[];
  private readonly deleteFileRow: Database.Statement;
  private readonly upsertFileRow: Database.Statement;
  private readonly touchFileRow: Database.Statement;
  private readonly setFailureRow: Database.Statement;
  private readonly insertSymbol: Database.Statement;
  private readonly insertCall: Database.Statement;
  private readonly insertImport: Database.Statement;
  private readonly insertRoute: Database.Statement;
  private readonly insertMemberType: Database.Statement;
  private readonly setMetaRow: Database.Statement;
  private readonly namesInFile: Database.Statement;
  /**
   * Symbol names that appeared or disappeared, and files whose rows were rewritten: what the
   * resolution pass must revisit. A cold run revisits everything and keeps no names
   * (`trackNames` false): on a big tree they are most of its symbols' names.
   */
  readonly touchedNames = new Set<string>();
  readonly touchedFiles = new Set<string>();
  /**
   * Calls of the files written in this run, in extraction order. They are inserted by the
   * resolution pass, already resolved (`insertCall`), rather than inserted unresolved and
   * updated again: one write per call instead of two, and no read-back.
   */
  readonly pendingCalls: PendingCall[] = [];

  constructor(
    readonly db: Database.Database,
    private readonly trackNames = true,
  ) {
    this.deletes = PER_FILE_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE file = ?`));
    this.deleteFileRow = db.prepare("DELETE FROM files WHERE path = ?");
    this.upsertFileRow = db.prepare(
      `INSERT INTO files (path, language, size, mtime_ns, content_hash, indexed_at, has_errors, skip_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET language = excluded.language, size = excluded.size, mtime_ns = excluded.mtime_ns,
         content_hash = excluded.content_hash, indexed_at = excluded.indexed_at, has_errors = excluded.has_errors,
         skip_reason = excluded.skip_reason, failure = NULL`,
    );
    this.setFailureRow = db.prepare("UPDATE files SET failure = ? WHERE path = ?");
    this.touchFileRow = db.prepare("UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?");
    this.insertSymbol = db.prepare(
      `INSERT INTO symbols (file, name, kind, language, signature, line, end_line, parent, qualified_name, visibility, cyclomatic, max_nesting, lines, level,
         handle, return_type, value_type, bases, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertCall = db.prepare(
      `INSERT INTO calls (file, caller_symbol_id, caller_name, callee_name, receiver, line, kind, resolved_symbol_id, resolution, receiver_type, local)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertImport = db.prepare("INSERT INTO imports (file, module, name, alias, line, kind, resolved_file) VALUES (?, ?, ?, ?, ?, ?, NULL)");
    this.insertRoute = db.prepare("INSERT INTO routes (file, framework, method, path, handler, line, handler_line) VALUES (?, ?, ?, ?, ?, ?, ?)");
    this.insertMemberType = db.prepare("INSERT INTO member_types (file, owner, name, type) VALUES (?, ?, ?, ?)");
    this.setMetaRow = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    this.namesInFile = db.prepare("SELECT DISTINCT name FROM symbols WHERE file = ?").pluck();
  }

  /** Deletes a file's extracted rows, remembering the names that go away. */
  private deleteRows(path: string): void {
    for (const name of this.namesInFile.all(path) as string[]) this.touchedNames.add(name);
    this.touchedFiles.add(path);
    for (const statement of this.deletes) statement.run(path);
  }

  /** `mtime_ns` is read as BigInt: nanosecond timestamps exceed 2^53. */
  loadFiles(): Map<string, TrackedFile> {
    const rows = this.db.prepare("SELECT path, language, size, mtime_ns, content_hash, skip_reason FROM files").safeIntegers(true).all() as {
      path: string;
      language: string;
      size: bigint;
      mtime_ns: bigint;
      content_hash: string;
      skip_reason: string | null;
    }[];
    return trackedFiles(rows);
  }

  /**
   * Drops the secondary indexes of the per-file tables and returns what recreates them, from
   * their own `CREATE INDEX` text in sqlite_master, so the schema ends exactly as it began.
   * For a cold run (first index, rebuild): sorting each finished table once is cheaper than
   * keeping ~20 B-trees ordered across every insert (effect's src/: ~1 s of ~3.4 s of writes),
   * and nothing a cold run reads before its resolution pass looks rows up by these indexes
   * (the pass needs the symbols' and member types': restore those first). Inside the
   * caller's transaction, so a failure before the restore rolls the drop
   * back with everything else.
   */
  deferIndexes(): (between?: () => void, only?: readonly string[]) => void {
    const tables = JSON.stringify(PER_FILE_TABLES);
    const pending = this.db
      .prepare(
        "SELECT name, sql, tbl_name AS tableName FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY rowid",
      )
      .all(tables) as { name: string; sql: string; tableName: string }[];
    for (const { name } of pending) this.db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    // `between` runs after each index is built (a cold run written aside commits there);
    // `only` restores those tables' indexes now (what the resolution pass looks rows up by), the rest later.
    return (between, only) => {
      for (const index of pending.filter((index) => only === undefined || only.includes(index.tableName))) {
        this.db.exec(index.sql);
        pending.splice(pending.indexOf(index), 1);
        between?.();
      }
    };
  }

  clearAll(): void {
    for (const table of [...PER_FILE_TABLES, "files", "dir_state"]) this.db.exec(`DELETE FROM ${table}`);
  }

  removeFile(path: string): void {
    this.deleteRows(path);
    this.deleteFileRow.run(path);
  }

  /** Same bytes, new stat: keep every extracted row. */
  touchFile(path: string, size: number, mtimeNs: bigint): void {
    this.touchFileRow.run(size, mtimeNs, path);
  }

  /** A file tracked but not parsed (binary, too large, minified): no rows, but (size, mtime) so it is not re-read. */
  trackSkipped(path: string, lang: Lang, size: number, mtimeNs: bigint, hash: string, reason: SkipReason, now: string): void {
    this.deleteRows(path);
    this.upsertFileRow.run(path, lang, size, mtimeNs, hash, now, 0, reason);
  }

  /**
   * A file that could not be read or extracted: no rows, but its stat (and hash, when it was
   * read) and the warning, so it is not retried until it changes and status can list it.
   */
  trackFailed(path: string, lang: Lang, size: number, mtimeNs: bigint, hash: string, reason: FailureReason, warning: string, now: string): void {
    this.deleteRows(path);
    this.upsertFileRow.run(path, lang, size, mtimeNs, hash, now, 0, reason);
    this.setFailureRow.run(warning, path);
  }

  /**
   * Replaces a file's rows with a fresh extraction. `replacing` false says the file has no
   * rows yet (new to the index, or a rebuild cleared them), which spares five DELETEs and a
   * SELECT per file on a cold index.
   */
  writeExtraction(path: string, size: number, mtimeNs: bigint, hash: string, extraction: FileExtraction, now: string, replacing = true): void {
    if (replacing) this.deleteRows(path);
    else this.touchedFiles.add(path);
    this.upsertFileRow.run(path, extraction.language, size, mtimeNs, hash, now, extraction.has_errors ? 1 : 0, null);
    // Calls name their caller by qualified name and declaration line; map that to the new row id.
    const ids = new Map<string, number>();
    for (const symbol of extraction.symbols) {
      if (this.trackNames) this.touchedNames.add(symbol.name);
      const complexity = symbol.complexity;
      const id = Number(
        this.insertSymbol.run(
          path,
          symbol.name,
          symbol.kind,
          symbol.language,
          symbol.signature || null,
          symbol.line,
          symbol.end_line,
          symbol.parent,
          symbol.qualified_name,
          symbol.visibility,
          complexity?.cyclomatic ?? null,
          complexity?.max_nesting ?? null,
          complexity?.lines ?? null,
          symbol.level ?? null,
          symbolHandle(path, symbol.qualified_name, symbol.line),
          symbol.return_type ?? null,
          symbol.value_type ?? null,
          symbol.bases?.join(",") ?? null,
          symbol.doc ?? null,
        ).lastInsertRowid,
      );
      const key = `${symbol.qualified_name}\0${symbol.line}`;
      if (!ids.has(key)) ids.set(key, id);
    }
    for (const call of extraction.calls) {
      const callerId = call.caller === null ? null : (ids.get(`${call.caller}\0${call.caller_line}`) ?? null);
      this.pendingCalls.push({
        file: path,
        caller_symbol_id: callerId,
        caller_name: call.caller,
        callee_name: call.callee,
        receiver: call.receiver,
        line: call.line,
        kind: call.kind,
        receiver_type: call.receiver_type ?? null,
        local: call.local ? 1 : 0,
      });
    }
    for (const member of extraction.member_types ?? []) this.insertMemberType.run(path, member.owner, member.name, member.type);
    for (const entry of extraction.imports) {
      if (entry.names.length === 0) this.insertImport.run(path, entry.module, null, null, entry.line, entry.kind);
      for (const name of entry.names) this.insertImport.run(path, entry.module, name.name, name.alias, entry.line, entry.kind);
    }
    for (const route of extraction.routes) {
      this.insertRoute.run(path, route.framework, route.method, route.path, route.handler, route.line, route.handler_line);
    }
  }

  /** Inserts one pending call with its resolution (the resolution pass calls this in order). */
  insertResolvedCall(call: PendingCall, resolvedSymbolId: number | null, resolution: string): void {
    this.insertCall.run(
      call.file,
      call.caller_symbol_id,
      call.caller_name,
      call.callee_name,
      call.receiver,
      call.line,
      call.kind,
      resolvedSymbolId,
      resolution,
      call.receiver_type,
      call.local,
    );
  }

  /** Inserts calls no resolution pass took, unresolved; a no-op after a pass. */
  flushPendingCalls(): void {
    for (const call of this.pendingCalls) this.insertResolvedCall(call, null, "unresolved");
    this.pendingCalls.length = 0;
  }

  replaceDirState(dirs: readonly WalkedDir[]): void {
    this.db.exec("DELETE FROM dir_state");
    const insert = this.db.prepare("INSERT INTO dir_state (path, mtime_ns) VALUES (?, ?)");
    for (const dir of dirs) insert.run(dir.path, dir.mtimeNs);
  }

  setMeta(key: string, value: string): void {
    this.setMetaRow.run(key, value);
  }
}

export function trackedFiles(
  rows: readonly { path: string; language: string; size: bigint | number; mtime_ns: bigint | number; content_hash: string; skip_reason: string | null }[],
): Map<string, TrackedFile> {
  const files = new Map<string, TrackedFile>();
  for (const row of rows) {
    files.set(row.path, {
      language: row.language,
      size: Number(row.size),
      mtimeNs: BigInt(row.mtime_ns),
      contentHash: row.content_hash,
      skipReason: row.skip_reason,
    });
  }
  return files;
}
