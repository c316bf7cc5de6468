import type Database from "better-sqlite3";
import { prepared } from "./prepared";

/** A definition as a repo map (`tsift pack`) reads it. */
export interface RepoMapSymbol {
  id: number;
  file: string;
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  signature: string | null;
  line: number;
  end_line: number;
  parent: string | null;
  visibility: string | null;
}

/** A resolved call site's endpoints, merged per pair; `caller_id` null for a module-level call. */
export interface RepoMapCall {
  file: string;
  caller_id: number | null;
  target_id: number;
  sites: number;
}

/** An imported name whose module resolved to an indexed file. */
export interface RepoMapImport {
  file: string;
  resolved_file: string;
  /** The imported name; null for a whole-module or side-effect import. */
  name: string | null;
  sites: number;
}

/** What a repo map reads from index.db; run it inside one read transaction. */
export interface RepoMapRows {
  /** Indexed (not skipped) files with their byte size, by path. */
  files: Array<{ path: string; language: string; size: number }>;
  /** Every symbol, by file, line, id. */
  symbols: RepoMapSymbol[];
  calls: RepoMapCall[];
  imports: RepoMapImport[];
}

/**
 * Everything `tsift pack` ranks: files, symbols, resolved calls (unresolved and ambiguous
 * ones are left out, as the call graph leaves them out) and imports whose module resolved
 * to an indexed file. Each list is in a total order, so the map built from it is
 * deterministic.
 */
export function repoMapRows(db: Database.Database): RepoMapRows {
  const files = prepared(db, "SELECT path, language, size FROM files WHERE skip_reason IS NULL ORDER BY path").all() as RepoMapRows["files"];
  const symbols = prepared(
    db,
    "SELECT id, file, name, qualified_name, kind, language, signature, line, end_line, parent, visibility FROM symbols ORDER BY file, line, id",
  ).all() as RepoMapSymbol[];
  const calls = prepared(
    db,
    `SELECT file, caller_symbol_id AS caller_id, resolved_symbol_id AS target_id, count(*) AS sites FROM calls
     WHERE resolved_symbol_id IS NOT NULL GROUP BY file, caller_symbol_id, resolved_symbol_id ORDER BY file, caller_symbol_id, resolved_symbol_id`,
  ).all() as RepoMapCall[];
  const imports = prepared(
    db,
    `SELECT file, resolved_file, name, count(*) AS sites FROM imports
     WHERE resolved_file IS NOT NULL GROUP BY file, resolved_file, name ORDER BY file, resolved_file, name`,
  ).all() as RepoMapImport[];
  return { files, symbols, calls, imports };
}
