import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import type Database from "better-sqlite3";
import { indexMetaValue, indexSchemaVersion } from "../../store/queries/index-meta-queries";
import { TSIFT_DIR, type IndexLocation } from "../../walk/index-location";
import { readTransaction } from "../../store/queries/read-transaction";
import { readOnlyCaller } from "../../store/read-only-scope";
import { ensureStateSubdir } from "../../store/state-dir";

/** Bumped when the cached payloads change shape or layout; older files then miss. */
export const COMMUNITY_CACHE_VERSION = 2;
/** Entries kept per scope directory; older ones are deleted after a write. */
export const COMMUNITY_CACHE_KEEP = 8;

/**
 * A cheap fingerprint of everything the call graph is derived from: the tool and schema
 * versions, every tracked file's path, content hash and skip state, and the symbol, call
 * and resolved-call row counts. Identical source indexed again (even by `--rebuild`, which
 * renumbers rows) gives the same watermark; any change to what was indexed changes it.
 */
export function indexWatermark(db: Database.Database): string {
  return readTransaction(db, () => {
    const hash = createHash("sha256");
    const meta = db.prepare("SELECT key, value FROM meta WHERE key IN ('schema_version', 'tool_version') ORDER BY key").raw().all() as [string, string][];
    hash.update(JSON.stringify(meta));
    for (const [path, contentHash, skip] of db.prepare("SELECT path, content_hash, skip_reason FROM files ORDER BY path").raw().iterate() as Iterable<
      [string, string, string | null]
    >) {
      hash.update(`${path}\0${contentHash}\0${skip ?? ""}\n`);
    }
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    hash.update(
      `symbols:${count("SELECT count(*) FROM symbols")}\0calls:${count("SELECT count(*) FROM calls")}\0resolved:${count("SELECT count(*) FROM calls WHERE resolved_symbol_id IS NOT NULL")}`,
    );
    return hash.digest("hex");
  });
}

/** Beside the cache entries; not `.json`, so the cache's pruning leaves it alone. */
const WATERMARK_MEMO = "watermark.memo";

/**
 * The index watermark, remembered in `cacheDir` per index run. Hashing every tracked
 * file costs a cached read (search, explain, communities) on a 5,000-file index 7-18 ms; every update run (the only writer of
 * the rows the watermark covers) stamps `meta.indexed_at` in the same savepoint, so the
 * run's stamp with the tool and schema versions and the root identifies the watermark.
 * An index without a completed run is hashed every time.
 */
export function memoizedIndexWatermark(db: Database.Database, cacheDir: string): string {
  return readTransaction(db, () => {
    const indexedAt = indexMetaValue(db, "indexed_at");
    if (indexedAt === null) return indexWatermark(db);
    const run = JSON.stringify([indexedAt, indexMetaValue(db, "tool_version"), indexSchemaVersion(db), indexMetaValue(db, "root")]);
    const file = join(cacheDir, WATERMARK_MEMO);
    try {
      const [key, watermark] = readFileSync(file, "utf8").split("\n");
      if (key === run && watermark) return watermark;
    } catch {
      // no memo yet, or an unreadable one: hash the index
    }
    const watermark = indexWatermark(db);
    // A read-only caller (`tsift mcp`) writes no memo: the watermark is hashed again next time.
    if (readOnlyCaller() !== null) return watermark;
    try {
      makeCacheDir(cacheDir);
      // Write then rename: a concurrent reader never sees half a memo.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${run}\n${watermark}`);
      renameSync(temporary, file);
    } catch {
      // a read-only checkout: hash again next time
    }
    return watermark;
  });
}

/**
 * The cache file name for a result computed from an index at `watermark` with `options`
 * (algorithm name, seed, resolution…): 32 hex digits over the cache version, the
 * watermark and the options with their keys sorted, so option order does not matter.
 */
export function communityCacheKey(watermark: string, options: Readonly<Record<string, unknown>> = {}): string {
  return createHash("sha256")
    .update(`tsift-community-cache/v${COMMUNITY_CACHE_VERSION}\0${watermark}\0${stableJson(options)}`)
    .digest("hex")
    .slice(0, 32);
}

/** `.tsift/community-cache/<scope>/` for a workspace scope, `.tsift/community-cache/root/` otherwise. */
export function communityCacheDir(location: IndexLocation): string {
  return join(location.projectRoot, TSIFT_DIR, "community-cache", ...(location.scope ?? "root").split("/"));
}

interface CacheFile<T> {
  version: number;
  key: string;
  value: T;
}

/** The value stored under `key`, or null when it is missing, unreadable, from another cache version, or corrupt. */
export function readCommunityCache<T>(dir: string, key: string): T | null {
  return remembered(parsedMemo, join(dir, `${key}.json`), (text) => {
    try {
      const file = JSON.parse(text) as CacheFile<T>;
      return file && file.version === COMMUNITY_CACHE_VERSION && file.key === key ? file.value : null;
    } catch {
      return null;
    }
  }) as T | null;
}

/**
 * What a long-lived reader (the MCP server, the daemon) last read from a cache file, while
 * the file is the same one (inode, size, mtime): a search's PageRank tie-break or an
 * `explain` then costs a `stat` instead of reading and parsing megabytes per call. Entries
 * are immutable once written (the key covers the index state), so this only saves work.
 */
interface MemoEntry {
  stamp: string;
  value: unknown;
}
const MEMO_ENTRIES = 8;
const parsedMemo = new Map<string, MemoEntry>();
const linesMemo = new Map<string, MemoEntry>();

function remembered(memo: Map<string, MemoEntry>, path: string, decode: (text: string) => unknown): unknown {
  const stat = statSync(path, { throwIfNoEntry: false, bigint: false });
  if (!stat) return null;
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const known = memo.get(path);
  if (known?.stamp === stamp) return known.value;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  const value = decode(text);
  // Misses are not kept: a file being replaced is read again next time.
  if (value !== null) {
    memo.delete(path);
    memo.set(path, { stamp, value });
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return value;
}

/**
 * Stores `value` under `key`: written to a temp file and renamed, so readers never see a
 * partial file, then all but the newest COMMUNITY_CACHE_KEEP entries are removed. The cache
 * is an optimisation: a failure to write (read-only checkout, full disk) is swallowed and
 * reported as false.
 */
export function writeCommunityCache<T>(dir: string, key: string, value: T): boolean {
  return writeCacheText(dir, key, JSON.stringify({ version: COMMUNITY_CACHE_VERSION, key, value } satisfies CacheFile<T>));
}

/**
 * Stores `{ ...head, [listName]: items }` under `key` like `writeCommunityCache` (the file
 * is the same JSON and `readCommunityCache` reads it whole), laid out one list item per
 * line: the first line holds the version, key and `head`, each item is one line, the
 * last line closes the list. `readCacheLines` then answers from the lines a query needs,
 * so `tsift communities` parses ten communities, not thousands, and `tsift explain` one
 * community and one ranking entry.
 */
export function writeCommunityCacheLines(
  dir: string,
  key: string,
  head: Readonly<Record<string, unknown>>,
  listName: string,
  items: readonly unknown[],
): boolean {
  const opening = JSON.stringify({ version: COMMUNITY_CACHE_VERSION, key, value: { ...head, [listName]: [] } });
  // `…,"<list>":[]}}` opened up: the first line ends with `[`, the last is `]}}`.
  const first = opening.slice(0, -"]}}".length);
  const body = items.length === 0 ? "" : `${items.map((item) => JSON.stringify(item)).join(",\n")}\n`;
  return writeCacheText(dir, key, `${first}\n${body}]}}`);
}

/** A line-laid-out cache file (`writeCommunityCacheLines`) with its head parsed and its item lines unparsed. */
export interface CacheLines {
  /** The value's fields other than the list (the list itself shows as `[]`). */
  head: Record<string, unknown>;
  text: string;
  /** Offset of the first item line (or of the closing line when the list is empty). */
  body: number;
}

/** The line-laid-out file under `key`, or null when it is missing, from another cache version or layout, or cut short. */
export function readCacheLines(dir: string, key: string): CacheLines | null {
  return remembered(linesMemo, join(dir, `${key}.json`), (text) => {
    const firstEnd = text.indexOf("\n");
    if (firstEnd < 0 || !text.endsWith("\n]}}")) return null;
    try {
      const opening = JSON.parse(`${text.slice(0, firstEnd)}]}}`) as CacheFile<Record<string, unknown>>;
      if (!opening || opening.version !== COMMUNITY_CACHE_VERSION || opening.key !== key) return null;
      return { head: opening.value, text, body: firstEnd + 1 };
    } catch {
      return null;
    }
  }) as CacheLines | null;
}

/** The item on the line starting at `start` (its trailing comma dropped), and where the next line starts; null at the closing line. Throws on a corrupt line. */
export function cacheLineAt(lines: CacheLines, start: number): { item: unknown; next: number } | null {
  const end = lines.text.indexOf("\n", start);
  if (end < 0) return null;
  const line = lines.text.slice(start, lines.text.charCodeAt(end - 1) === 44 /* , */ ? end - 1 : end);
  return { item: JSON.parse(line) as unknown, next: end + 1 };
}

/** The start of the line holding `offset`. */
export function lineStart(lines: CacheLines, offset: number): number {
  return lines.text.lastIndexOf("\n", offset) + 1;
}

/**
 * Creates a cache directory below the project's `.tsift/` through `ensureStateSubdir`
 * (level by level, refusing links: a `.tsift/community-cache -> elsewhere` is never
 * written through); a directory anywhere else (a caller's own) is created as given.
 */
function makeCacheDir(dir: string): void {
  const parts = dir.split(sep);
  const at = parts.lastIndexOf(TSIFT_DIR);
  if (at <= 0) {
    mkdirSync(dir, { recursive: true });
    return;
  }
  ensureStateSubdir(parts.slice(0, at).join(sep) || sep, dir);
}

function writeCacheText(dir: string, key: string, text: string): boolean {
  if (readOnlyCaller() !== null) return false;
  try {
    makeCacheDir(dir);
    const target = join(dir, `${key}.json`);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, target);
    prune(dir, `${key}.json`);
    return true;
  } catch {
    return false;
  }
}

function prune(dir: string, keep: string): void {
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith(".json") && name !== keep)
    .map((name) => ({ name, mtime: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? -1 : 1));
  for (const entry of entries.slice(COMMUNITY_CACHE_KEEP - 1)) rmSync(join(dir, entry.name), { force: true });
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
