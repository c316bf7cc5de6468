import type Database from "better-sqlite3";
import { prepared } from "./prepared";

/** The distinct values of a symbol name column, and each folded the way SQLite's `lower()` folds (ASCII only). */
export interface DistinctNames {
  names: string[];
  lower: string[];
}

/**
 * The names (by index into `names`) a query reaches: how many of its tags each contains
 * (a tag listed twice counts twice, as SQLite's `instr` sum does), and which equal the
 * whole query. Each tag is found with `indexOf` over all folded names joined by newlines,
 * so a query costs its matches rather than names × tags.
 */
export function namesMatching(found: DistinctNames, tags: readonly string[], wanted: string): { matched: Map<number, number>; exact: number[] } {
  const search = searchable(found);
  const matched = new Map<number, number>();
  for (const tag of tags) {
    if (tag === "" || tag.includes("\n")) {
      for (let i = 0; i < found.lower.length; i++) if (found.lower[i]!.includes(tag)) matched.set(i, (matched.get(i) ?? 0) + 1);
      continue;
    }
    for (let at = search.joined.indexOf(tag); at !== -1;) {
      const i = nameAt(search.starts, at);
      matched.set(i, (matched.get(i) ?? 0) + 1);
      // One count per name and tag: go on from the next name.
      at = i + 1 < search.starts.length ? search.joined.indexOf(tag, search.starts[i + 1]!) : -1;
    }
  }
  return { matched, exact: search.byLower.get(wanted) ?? [] };
}

interface Searchable {
  joined: string;
  starts: number[];
  byLower: Map<string, number[]>;
}
const searchables = new WeakMap<DistinctNames, Searchable>();

function searchable(found: DistinctNames): Searchable {
  let search = searchables.get(found);
  if (!search) {
    const starts: number[] = [];
    const byLower = new Map<string, number[]>();
    let offset = 0;
    found.lower.forEach((lower, i) => {
      starts.push(offset);
      offset += lower.length + 1;
      const same = byLower.get(lower);
      if (same) same.push(i);
      else byLower.set(lower, [i]);
    });
    searchables.set(found, (search = { joined: found.lower.join("\n"), starts, byLower }));
  }
  return search;
}

/** The name whose text holds offset `at` of the joined names: the last start at or before it. */
function nameAt(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Distinct symbol names, kept until the index changes: a long-lived reader (the MCP server,
 * a daemon) then reads them once per index update instead of scanning a name index on
 * every query, although each of its commands opens a connection of its own. A file's
 * names are keyed by its path and the stamp every index run writes (`meta.indexed_at`, in
 * the same transaction as the rows); an in-memory database (or one no run has stamped) by
 * its connection, until `PRAGMA data_version` or `total_changes()` moves.
 */
interface Entry {
  version: string;
  columns: Map<string, DistinctNames>;
  /** Name queries answered against this index state so far. */
  queries: number;
  /** Per-file symbol and chunk spans read so far (see file-spans.ts), least recently used first. */
  files: Map<string, unknown>;
}
const byConnection = new WeakMap<Database.Database, Entry>();
const byFile = new Map<string, Entry>();
/** Index files whose names are kept at once (a daemon serves a few projects). */
const FILES_KEPT = 4;

function entryFor(db: Database.Database): Entry {
  const stamp = db.memory ? null : indexRunStamp(db);
  if (stamp === null) {
    const version = `${db.pragma("data_version", { simple: true }) as number}:${db.prepare("SELECT total_changes()").pluck().get() as number}`;
    let entry = byConnection.get(db);
    if (!entry || entry.version !== version) byConnection.set(db, (entry = { version, columns: new Map(), queries: 0, files: new Map() }));
    return entry;
  }
  let entry = byFile.get(db.name);
  if (!entry || entry.version !== stamp) {
    byFile.delete(db.name);
    byFile.set(db.name, (entry = { version: stamp, columns: new Map(), queries: 0, files: new Map() }));
    if (byFile.size > FILES_KEPT) byFile.delete(byFile.keys().next().value!);
  }
  return entry;
}

function indexRunStamp(db: Database.Database): string | null {
  try {
    return (prepared(db, "SELECT value FROM meta WHERE key = 'indexed_at'", "pluck").get() as string | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Counts a name query against `db`'s current index state and returns how many came
 * before it in this process: the first one scans SQLite's name indexes (reading every
 * distinct name costs more than one scan), later ones match the kept names in memory.
 */
export function countNameQuery(db: Database.Database): number {
  return entryFor(db).queries++;
}

/**
 * What a long-lived reader keeps per file for this index state, or null in a process that
 * has not answered a name query against this state before its current one (a one-shot
 * command reads the few rows it needs with SQL instead of whole files).
 */
export function warmFileCache(db: Database.Database): Map<string, unknown> | null {
  const entry = entryFor(db);
  return entry.queries > 1 ? entry.files : null;
}

export function distinctNames(db: Database.Database, column: "name" | "qualified_name"): DistinctNames {
  const entry = entryFor(db);
  let found = entry.columns.get(column);
  if (!found) {
    const names = db.prepare(`SELECT DISTINCT ${column} FROM symbols`).pluck().all() as string[];
    entry.columns.set(column, (found = { names, lower: names.map(sqlLower) }));
  }
  return found;
}

const ASCII_UPPER = /[A-Z]/;

/** SQLite's `lower()`: ASCII letters only, so a JavaScript comparison agrees with the SQL one. */
export function sqlLower(text: string): string {
  if (!ASCII_UPPER.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
  }
  return out;
}

/** SQLite's `length()` of text: characters (code points), not UTF-16 units. */
export function sqlLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) length--;
  }
  return length;
}
