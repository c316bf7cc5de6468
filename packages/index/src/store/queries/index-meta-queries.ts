import type Database from "better-sqlite3";
import { prepared } from "./prepared";

/** One `meta` value (`indexed_at`, `tool_version`, `root`, …), or null. */
export function indexMetaValue(db: Database.Database, key: string): string | null {
  return (prepared(db, "SELECT value FROM meta WHERE key = ?", "pluck").get(key) as string | undefined) ?? null;
}

/** The schema version the file was written with (SQLite's `user_version`). */
export function indexSchemaVersion(db: Database.Database): number {
  return Number(db.pragma("user_version", { simple: true }));
}

/** Root-relative paths of the indexed (not skipped) files, in path order. */
export function indexedFilePaths(db: Database.Database): string[] {
  return prepared(db, "SELECT path FROM files WHERE skip_reason IS NULL ORDER BY path", "pluck").all() as string[];
}

/** Distinct symbol names of at least `minLength` characters, sorted (the vocabulary `tsift lint` checks prose against). */
export function indexedSymbolNames(db: Database.Database, minLength: number): string[] {
  return prepared(db, "SELECT DISTINCT name FROM symbols WHERE length(name) >= ? ORDER BY name", "pluck").all(minLength) as string[];
}
