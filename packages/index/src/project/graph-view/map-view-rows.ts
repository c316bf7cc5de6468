import type Database from "better-sqlite3";
import type { MapFile, MapFileLink } from "./aggregate-files";

/** `under` as a SQL LIKE prefix: every file below that directory (`` for all). */
const likePrefix = (under: string) => (under === "" ? "%" : `${under.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);

/** The parsed files (skipped and failed files are not part of the code graph), by path. */
export function mapFiles(db: Database.Database, under: string): MapFile[] {
  return db
    .prepare(
      `SELECT f.path AS path, f.language AS language, f.size AS size, COALESCE(s.n, 0) AS symbols
       FROM files f LEFT JOIN (SELECT file, count(*) AS n FROM symbols GROUP BY file) s ON s.file = f.path
       WHERE f.skip_reason IS NULL AND f.path LIKE ? ESCAPE '\\' ORDER BY f.path`,
    )
    .all(likePrefix(under)) as MapFile[];
}

/**
 * File-to-file links: imports the resolver tied to a file, and calls whose target it
 * resolved to a symbol of another file, each counted. Files outside `under` are left to
 * the caller to drop.
 */
export function mapFileLinks(db: Database.Database): MapFileLink[] {
  const imports = db
    .prepare(
      `SELECT file AS "from", resolved_file AS "to", count(*) AS weight FROM imports
       WHERE resolved_file IS NOT NULL AND resolved_file != file GROUP BY file, resolved_file ORDER BY file, resolved_file`,
    )
    .all() as Omit<MapFileLink, "kind">[];
  const calls = db
    .prepare(
      `SELECT c.file AS "from", t.file AS "to", count(*) AS weight FROM calls c JOIN symbols t ON t.id = c.resolved_symbol_id
       WHERE t.file != c.file GROUP BY c.file, t.file ORDER BY c.file, t.file`,
    )
    .all() as Omit<MapFileLink, "kind">[];
  return [...imports.map((link) => ({ ...link, kind: "imports" as const })), ...calls.map((link) => ({ ...link, kind: "calls" as const }))];
}
