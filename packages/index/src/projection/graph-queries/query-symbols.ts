import type Database from "better-sqlite3";
import { symbolDocs } from "../../store/queries/answer-queries";
import { distinctNames } from "../../store/queries/distinct-names";
import { readTransaction } from "../../store/queries/read-transaction";
import { qualifiedDefinitions } from "./module-symbols";
import { filterPaths } from "../../walk/path-pattern";
export type SymbolMatch = "exact" | "case_insensitive" | "prefix" | "fuzzy";

export interface SymbolQuery {
  /** Name, or qualified name (`Class.method`, `mod::fn`); omitted lists every symbol. */
  name?: string;
  kind?: string;
  language?: string;
  /** A root-relative file or directory, or a gitignore-style pattern (`*.ts`, `src/**\/*.test.ts`): see `filterPaths`. */
  file?: string;
  /** Default 20; 0 means no cap. */
  limit?: number;
}

export interface SymbolRow {
  name: string;
  kind: string;
  language: string;
  file: string;
  line: number;
  end_line: number;
  signature: string | null;
  parent: string | null;
  visibility: string | null;
  /** How the row matched `name`; absent when listing without a name. */
  match?: SymbolMatch;
  /** The first sentence of the symbol's doc comment or docstring, when it has one. */
  doc?: string;
}

export interface SymbolQueryResult {
  symbols: SymbolRow[];
  /** Rows matching; a lower bound when `total_at_least` is set. */
  total: number;
  truncated: boolean;
  /**
   * Set when the exact, case-insensitive and prefix matches alone exceed `limit`: fuzzy
   * matches rank after them and cannot be shown, so they are not looked for, and `total`
   * counts the better tiers only. Finding them means scoring every distinct name, seconds
   * on an index of a million symbols.
   */
  total_at_least?: true;
}

export const DEFAULT_SYMBOL_LIMIT = 20;

interface Row extends SymbolRow {
  id: number;
  qualified_name: string;
}

/** What ranking needs; the full rows are read afterwards for the kept matches only. */
type RankRow = Pick<Row, "id" | "name" | "qualified_name" | "visibility" | "file" | "line">;

const TIER: Record<SymbolMatch, number> = { exact: 0, case_insensitive: 1, prefix: 2, fuzzy: 3 };
const COLUMNS = "id, name, kind, language, file, line, end_line, signature, parent, visibility, qualified_name";
const RANK_COLUMNS = "id, name, qualified_name, visibility, file, line";

/**
 * Lists indexed symbols matching a name: exact first, then case-insensitive, then
 * prefix (case-insensitive), then fuzzy (substring, subsequence, or a small edit
 * distance). A name with `.` or `::` is a qualified lookup (`Store.get` finds method
 * `get` of `Store`, also as a suffix of `pkg.Store.get`); when no qualified name matches
 * it, the module-qualified definitions `explain` resolves it to (`json.loads` in
 * `json/__init__.py`, `Arr.map` through `import * as Arr`) are the exact matches. Order inside a tier:
 * fuzzy score, public before others, shorter names, name, then file and line, so
 * the order is total and stable.
 *
 * Ranking and the final read by id run in one read transaction: a writer committing in
 * between would otherwise delete ranked rows before they are read.
 */
export function querySymbols(db: Database.Database, query: SymbolQuery): SymbolQueryResult {
  return readTransaction(db, () => rankedSymbols(db, query));
}

function rankedSymbols(db: Database.Database, query: SymbolQuery): SymbolQueryResult {
  const limit = query.limit ?? DEFAULT_SYMBOL_LIMIT;
  const filters: string[] = [];
  const params: unknown[] = [];
  if (query.kind) {
    filters.push("kind = ?");
    params.push(query.kind);
  }
  if (query.language) {
    filters.push("language = ?");
    params.push(query.language);
  }
  const inFiles = query.file === undefined ? null : filterPaths(query.file, db.prepare("SELECT path FROM files").pluck().all() as string[]);
  if (inFiles) {
    // Matched in JS over the indexed paths (one syntax with `[index] exclude`), then
    // handed to SQL as a JSON list so the symbols read stays one indexed query.
    filters.push("file IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(inFiles));
  }
  const where = (extra: string | null) => [extra, ...filters].filter(Boolean).join(" AND ") || "1";
  const select = (extra: string | null, extraParams: unknown[]) =>
    db.prepare(`SELECT ${RANK_COLUMNS} FROM symbols WHERE ${where(extra)}`).all(...extraParams, ...params) as RankRow[];
  let ranked: { row: RankRow; tier: number; score: number }[];
  let atLeast = false;
  if (!query.name) {
    ranked = select(null, []).map((row) => ({ row, tier: 0, score: 0 }));
    ranked.sort((a, b) => cmp(a.row.file, b.row.file) || a.row.line - b.row.line || cmp(a.row.name, b.row.name) || a.row.id - b.row.id);
  } else {
    const found = rank(db, query.name, select, (column) => distinctNames(db, column).names, limit);
    ranked = found.ranked;
    atLeast = found.fuzzySkipped;
    ranked.sort(
      (a, b) =>
        a.tier - b.tier ||
        a.score - b.score ||
        visibilityRank(a.row.visibility) - visibilityRank(b.row.visibility) ||
        a.row.name.length - b.row.name.length ||
        cmp(a.row.name, b.row.name) ||
        cmp(a.row.file, b.row.file) ||
        a.row.line - b.row.line ||
        a.row.id - b.row.id,
    );
  }
  const total = ranked.length;
  const kept = limit > 0 ? ranked.slice(0, limit) : ranked;
  const full = new Map(
    (db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(kept.map(({ row }) => row.id))) as Row[]).map(
      (row) => [row.id, row],
    ),
  );
  const docs = symbolDocs(
    db,
    kept.map(({ row }) => row.id),
  );
  return {
    symbols: kept.map(({ row, tier }) => output(full.get(row.id)!, query.name ? (Object.keys(TIER) as SymbolMatch[])[tier]! : undefined, docs.get(row.id))),
    total,
    truncated: kept.length < total,
    ...(atLeast ? { total_at_least: true as const } : {}),
  };
}

type Select = (extra: string | null, extraParams: unknown[]) => RankRow[];
type Names = (column: "name" | "qualified_name") => string[];

/**
 * The ranked matches of `name`, tier by tier. Tier is the first sort key, so once the
 * better tiers hold more than `limit` rows the fuzzy tier cannot reach the answer and is
 * skipped (`fuzzySkipped`): scoring every distinct name costs seconds on a million-symbol
 * index, and the answer is truncated either way.
 */
function rank(
  db: Database.Database,
  name: string,
  select: Select,
  names: Names,
  limit: number,
): { ranked: { row: RankRow; tier: number; score: number }[]; fuzzySkipped: boolean } {
  const qualified = /\.|::/.test(name);
  const wanted = qualified ? name.replaceAll("::", ".") : name;
  const lower = wanted.toLowerCase();
  const column = qualified ? "qualified_name" : "name";
  const seen = new Map<number, { row: RankRow; tier: number; score: number }>();
  const add = (rows: RankRow[], tier: number, score: (row: RankRow) => number = () => 0) => {
    for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, { row, tier, score: score(row) });
  };
  // A qualified suffix (`%.Store.get`) ends with the symbol's own name: look rows up by it (indexed), then test the suffix.
  const last = wanted.slice(wanted.lastIndexOf(".") + 1);
  add(select(`${column} = ?`, [wanted]), TIER.exact);
  if (qualified)
    add(
      select("name = ?", [last]).filter((row) => row.qualified_name.endsWith(`.${wanted}`)),
      TIER.exact,
    );
  // A module-qualified name (`json.loads`, `email.message.Message.get_filename`, `Arr.map`)
  // lists what explain resolves it to, by the same lookup.
  if (qualified && seen.size === 0) {
    const ids = qualifiedDefinitions(db, wanted).groups.flatMap((group) => group.map((symbol) => symbol.id));
    if (ids.length > 0) add(select("id IN (SELECT value FROM json_each(?))", [JSON.stringify(ids)]), TIER.exact);
  }
  add(select(qualified ? "lower(qualified_name) = ?" : "lower(name) = ?", [lower]), TIER.case_insensitive);
  if (qualified)
    add(
      select("lower(name) = ?", [last.toLowerCase()]).filter((row) => row.qualified_name.toLowerCase().endsWith(`.${lower}`)),
      TIER.case_insensitive,
    );
  // A range on the lower(name) index instead of LIKE, which cannot use it.
  add(
    select(qualified ? "lower(qualified_name) >= ? AND lower(qualified_name) < ?" : "lower(name) >= ? AND lower(name) < ?", [lower, `${lower}\uffff`]),
    TIER.prefix,
  );
  if (limit > 0 && seen.size > limit) return { ranked: [...seen.values()], fuzzySkipped: true };
  // Fuzzy: scored over the distinct names (read from the name index alone), then only the
  // rows of names that match are read; reading every row costs more than scoring.
  const fuzzy = new Map<string, number>();
  for (const candidate of names(column)) {
    const score = fuzzyScore(lower, candidate.toLowerCase());
    if (score !== null) fuzzy.set(candidate, score);
  }
  if (fuzzy.size > 0)
    add(select(`${column} IN (SELECT value FROM json_each(?))`, [JSON.stringify([...fuzzy.keys()])]), TIER.fuzzy, (row) =>
      fuzzy.get(qualified ? row.qualified_name : row.name)!,
    );
  return { ranked: [...seen.values()], fuzzySkipped: false };
}

/** Lower is better: 0 substring, 1 subsequence, 2 + distance for near misses; null for no match. */
export function fuzzyScore(query: string, candidate: string): number | null {
  if (candidate.includes(query)) return 0;
  let at = 0;
  for (let i = 0; i < candidate.length && at < query.length; i++) if (candidate.charCodeAt(i) === query.charCodeAt(at)) at++;
  if (at === query.length) return 1;
  const budget = Math.max(1, Math.floor(query.length / 4));
  if (Math.abs(candidate.length - query.length) > budget) return null;
  if (bagDistance(query, candidate) > budget) return null;
  const distance = editDistance(query, candidate, budget);
  return distance <= budget ? 2 + distance : null;
}

const bag = new Int32Array(128);

/**
 * A lower bound of the edit distance, cheap enough to run on every name: characters one
 * string has more of than the other (as multisets), the larger side. Non-ASCII code
 * units share one bucket, which only lowers the bound. Only the buckets the two names
 * touch are read (and cleared as they are read), not all 128: most names are short.
 */
function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[Math.min(a.charCodeAt(i), 127)]!++;
  for (let i = 0; i < b.length; i++) bag[Math.min(b.charCodeAt(i), 127)]!--;
  let extraA = 0;
  let extraB = 0;
  const settle = (code: number) => {
    const count = bag[code]!;
    if (count > 0) extraA += count;
    else extraB -= count;
    bag[code] = 0;
  };
  for (let i = 0; i < a.length; i++) settle(Math.min(a.charCodeAt(i), 127));
  for (let i = 0; i < b.length; i++) settle(Math.min(b.charCodeAt(i), 127));
  return Math.max(extraA, extraB);
}

/**
 * Edit distance counting an adjacent transposition as one edit (optimal string
 * alignment), since swapped letters are the commonest typo; exits early once a whole
 * row exceeds `budget`.
 */
function editDistance(a: string, b: string, budget: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > budget) return best;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

function visibilityRank(visibility: string | null): number {
  return visibility === "public" ? 0 : visibility === null ? 1 : 2;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function output(row: Row, match: SymbolMatch | undefined, doc: string | undefined): SymbolRow {
  const { name, kind, language, file, line, end_line, signature, parent, visibility } = row;
  return { name, kind, language, file, line, end_line, signature, parent, visibility, ...(match ? { match } : {}), ...(doc ? { doc } : {}) };
}
