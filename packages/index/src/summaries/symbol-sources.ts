import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type Database from "better-sqlite3";
import type { IndexLocation } from "../walk/index-location";

/**
 * Kinds that are structure or data rather than behaviour: markdown headings and code
 * blocks, constants, fields. Summarizing them would spend tokens on what their line says.
 */
const UNSUMMARIZED_KINDS = new Set(["heading", "code_block", "const", "constant", "variable", "let", "property", "field", "alias", "import", "enum_member"]);

export function isSummarizedKind(kind: string): boolean {
  return !UNSUMMARIZED_KINDS.has(kind);
}

/** Longest source sent per symbol; a longer body is cut (the hash still covers all of it). */
export const MAX_SYMBOL_SOURCE_CHARS = 6000;

/** One indexed symbol with the hash of its current source lines. */
export interface SymbolSource {
  /** The cache key's file: relative to the project root, `/`-separated. */
  file: string;
  name: string;
  qualifiedName: string;
  kind: string;
  line: number;
  endLine: number;
  hash: string;
  source: string;
}

/** The cache key of an index file (relative to its source root) under the project root. */
export function cacheFile(location: IndexLocation, indexFile: string): string {
  return relative(location.projectRoot, join(location.sourceRoot, indexFile)).split(sep).join("/");
}

/** The index's file key for a cache key, or null when it lies outside this index. */
export function indexFileOf(location: IndexLocation, file: string): string | null {
  const rel = relative(location.sourceRoot, join(location.projectRoot, file)).split(sep).join("/");
  return rel.startsWith("../") || rel === ".." ? null : rel;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

interface SymbolRowLite {
  name: string;
  qualified_name: string;
  kind: string;
  line: number;
  end_line: number;
}

/**
 * The summarizable symbols of one indexed file, read from the file as it is now (the
 * index may lag an edit; the hash must not). A file that cannot be read has no sources.
 */
export function symbolSources(db: Database.Database, location: IndexLocation, indexFile: string): { fileHash: string; symbols: SymbolSource[] } | null {
  let text: string;
  try {
    text = readFileSync(join(location.sourceRoot, indexFile), "utf8");
  } catch {
    return null;
  }
  const lines = text.split("\n");
  const rows = db.prepare("SELECT name, qualified_name, kind, line, end_line FROM symbols WHERE file = ? ORDER BY line, id").all(indexFile) as SymbolRowLite[];
  const file = cacheFile(location, indexFile);
  const seen = new Set<string>();
  const symbols: SymbolSource[] = [];
  for (const row of rows) {
    if (!isSummarizedKind(row.kind)) continue;
    // Overloads share a name and kind: the first definition speaks for them.
    const key = `${row.qualified_name}\0${row.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const body = lines.slice(row.line - 1, Math.max(row.line, row.end_line)).join("\n");
    symbols.push({
      file,
      name: row.name,
      qualifiedName: row.qualified_name,
      kind: row.kind,
      line: row.line,
      endLine: row.end_line,
      hash: sha256(body),
      source: body.length > MAX_SYMBOL_SOURCE_CHARS ? `${body.slice(0, MAX_SYMBOL_SOURCE_CHARS)}\n… (cut)` : body,
    });
  }
  return { fileHash: sha256(text), symbols };
}

/** Every indexed file (relative to the source root), in path order. */
export function indexedFiles(db: Database.Database): string[] {
  return (db.prepare("SELECT path FROM files WHERE skip_reason IS NULL ORDER BY path").pluck().all() as string[]).filter((path) => path.length > 0);
}
