import type Database from "better-sqlite3";

/** One stored checker answer (index.db `checker_calls`); a null target binds the call to nothing indexed. */
export interface CheckerAnswer {
  file: string;
  line: number;
  callee_name: string;
  /** 1-based rank among the file's calls of `callee_name` on `line`, in `calls.id` order. */
  ordinal: number;
  target: { file: string; qualified_name: string; kind: string; line: number } | null;
}

interface AnswerRow {
  id: number;
  resolved_symbol_id: number | null;
  resolution: string;
  target_file: string | null;
  target_qualified_name: string | null;
  target_kind: string | null;
  target_line: number | null;
}

/** Whether `db` has ever stored a checker answer: the check every index update pays. */
export function hasCheckerAnswers(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM checker_files LIMIT 1").get() !== undefined;
}

/** Replaces the answers of `file` (checked at `contentHash`) with `answers`, inside the caller's transaction. */
export function storeCheckerAnswers(
  db: Database.Database,
  file: string,
  contentHash: string,
  typescriptVersion: string,
  checkedAt: string,
  answers: readonly CheckerAnswer[],
): void {
  db.prepare("DELETE FROM checker_calls WHERE file = ?").run(file);
  const insert = db.prepare(
    `INSERT INTO checker_calls (file, line, callee_name, ordinal, target_file, target_qualified_name, target_kind, target_line)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const answer of answers) {
    const target = answer.target;
    insert.run(
      answer.file,
      answer.line,
      answer.callee_name,
      answer.ordinal,
      target?.file ?? null,
      target?.qualified_name ?? null,
      target?.kind ?? null,
      target?.line ?? null,
    );
  }
  db.prepare(
    `INSERT INTO checker_files (path, content_hash, typescript_version, checked_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(path) DO UPDATE SET content_hash = excluded.content_hash, typescript_version = excluded.typescript_version, checked_at = excluded.checked_at`,
  ).run(file, contentHash, typescriptVersion, checkedAt);
}

/**
 * Lays the stored checker answers over `calls`, inside the caller's transaction, and
 * returns the files whose call rows changed. The rule that keeps them: an answer counts
 * while its file's content hash is the one the checker saw (answers of changed or deleted
 * files are dropped here) and its target still exists by file, qualified name and kind
 * (a re-extracted target file gives the symbol a new id; the answer follows it). A target
 * gone from the index leaves the declaration resolver's answer. Answers do not follow
 * type changes in other files: `--resolve checker` again re-checks the files whose calls
 * are open.
 *
 * The declaration resolver rewrites `calls` on every update, so this runs after it, each time.
 * `files`, when given, limits the work to those files' calls.
 */
export function applyCheckerAnswers(db: Database.Database, files: readonly string[] | null = null): Set<string> {
  db.exec(`DELETE FROM checker_files WHERE NOT EXISTS (
    SELECT 1 FROM files f WHERE f.path = checker_files.path AND f.content_hash = checker_files.content_hash AND f.skip_reason IS NULL)`);
  db.exec("DELETE FROM checker_calls WHERE file NOT IN (SELECT path FROM checker_files)");
  const scope = files === null ? "" : "WHERE file IN (SELECT value FROM json_each(?))";
  // Only the (file, line, callee) groups an answer names are ranked, each whole, so ordinals hold.
  const rows = db
    .prepare(
      `WITH answered AS (SELECT DISTINCT file, line, callee_name FROM checker_calls ${scope}),
       ranked AS (
         SELECT c.id, c.file, c.line, c.callee_name, c.resolved_symbol_id, c.resolution,
                row_number() OVER (PARTITION BY c.file, c.line, c.callee_name ORDER BY c.id) AS ordinal
         FROM answered g JOIN calls c ON c.file = g.file AND c.line = g.line AND c.callee_name = g.callee_name)
       SELECT c.id, c.resolved_symbol_id, c.resolution, a.target_file, a.target_qualified_name, a.target_kind, a.target_line
       FROM ranked c JOIN checker_calls a ON a.file = c.file AND a.line = c.line AND a.callee_name = c.callee_name AND a.ordinal = c.ordinal`,
    )
    .all(...(files === null ? [] : [JSON.stringify(files)])) as AnswerRow[];
  const target = db.prepare("SELECT id FROM symbols WHERE file = ? AND qualified_name = ? AND kind = ? ORDER BY line = ? DESC, id LIMIT 1").pluck();
  const update = db.prepare("UPDATE calls SET resolved_symbol_id = ?, resolution = ? WHERE id = ? RETURNING file").pluck();
  const changed = new Set<string>();
  for (const row of rows) {
    let id: number | null = null;
    if (row.target_file !== null) {
      id = (target.get(row.target_file, row.target_qualified_name, row.target_kind, row.target_line) as number | undefined) ?? null;
      if (id === null) continue;
    }
    const resolution = id === null ? "unresolved" : "checker";
    if (row.resolved_symbol_id === id && row.resolution === resolution) continue;
    changed.add(update.get(id, resolution, row.id) as string);
  }
  return changed;
}
