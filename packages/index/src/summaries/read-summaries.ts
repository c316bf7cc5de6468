import { readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError } from "@tsift/core/light";
import type { IndexLocation } from "../walk/index-location";
import type { IndexOpener } from "../store/open-read-index";
import { chooseSymbol, rerunWith } from "../projection/graph-queries/symbol-choice";
import { openSummariesReader, summariesLocation, summaryRowsOf, SUMMARIZE_EXTRACT_COMMAND, type SummaryRow } from "./summaries-store";
import { cacheFile, indexFileOf, sha256, symbolSources, type SymbolSource } from "./symbol-sources";

/** current: summarized as it is now; stale: summarized, then edited; missing: never summarized; unavailable: no cache. */
export type SummaryState = "current" | "stale" | "missing" | "unavailable";

/** One symbol's cached summary, or why there is none. */
export interface SymbolSummaryView {
  file: string;
  symbol: string;
  kind: string;
  line: number;
  state: SummaryState;
  /** Present when current or stale (a stale summary stays readable, marked). */
  summary?: string;
  concepts?: string[];
  model?: string;
  extracted_at?: string;
}

function view(symbol: SymbolSource, rows: readonly SummaryRow[]): SymbolSummaryView {
  const base = { file: symbol.file, symbol: symbol.qualifiedName, kind: symbol.kind, line: symbol.line };
  const own = rows.filter((row) => row.symbol_name === symbol.qualifiedName && row.kind === symbol.kind);
  const current = own.find((row) => row.content_hash === symbol.hash);
  const row = current ?? own[0];
  if (!row) return { ...base, state: "missing" };
  return {
    ...base,
    state: current ? "current" : "stale",
    summary: row.summary,
    concepts: JSON.parse(row.concept_labels) as string[],
    model: row.model,
    extracted_at: row.extracted_at,
  };
}

function withCache<T>(root: string, read: (db: Database.Database) => T): T {
  const connection = openSummariesReader(summariesLocation(root));
  try {
    return read(connection.database);
  } finally {
    void connection.close();
  }
}

/** The summaries of one indexed file's symbols against its current source. */
function fileViews(cache: Database.Database, index: Database.Database, location: IndexLocation, indexFile: string): SymbolSummaryView[] {
  const sources = symbolSources(index, location, indexFile);
  if (sources === null) return [];
  const rows = summaryRowsOf(cache, cacheFile(location, indexFile));
  return sources.symbols.map((symbol) => view(symbol, rows));
}

/**
 * `tsift summarize <symbol>`: the cached summary of one symbol, read-only. No cache is
 * `index_missing` (next: `tsift summarize --extract`); an unsummarized symbol is state
 * `missing`, an edited one `stale` with its old summary — never a live LLM call.
 */
export async function readSymbolSummary(open: IndexOpener, options: { symbol: string }): Promise<SymbolSummaryView> {
  const index = await open();
  const symbol = await chooseSymbol(index.db, options.symbol, index.place, rerunWith("summarize"), index.location);
  return withCache(index.root, (cache) => {
    const views = fileViews(cache, index.db, index.location, symbol.file);
    const found = views.find((entry) => entry.symbol === symbol.qualified_name && entry.kind === symbol.kind);
    if (found) return found;
    // Kinds never summarized (constants, headings) still answer, as missing.
    return { file: cacheFile(index.location, symbol.file), symbol: symbol.qualified_name, kind: symbol.kind, line: symbol.line, state: "missing" };
  });
}

export interface FileSummaryView {
  file: string;
  symbols: SymbolSummaryView[];
  counts: Record<Exclude<SummaryState, "unavailable">, number>;
}

/** `tsift summarize --file F`: every summarizable symbol of an indexed file with its state. */
export async function readFileSummaries(open: IndexOpener, options: { file: string; cwd?: string | undefined }): Promise<FileSummaryView> {
  const index = await open();
  const absolute = isAbsolute(options.file) ? options.file : resolve(options.cwd ?? process.cwd(), options.file);
  const indexFile = indexFileOf(index.location, relative(index.root, absolute).split(sep).join("/"));
  const known = indexFile !== null && index.db.prepare("SELECT 1 FROM files WHERE path = ?").get(indexFile) !== undefined;
  if (!known) {
    throw new TsiftError("not_found", `${options.file} is not an indexed file`, { details: { file: options.file }, hint: "tsift index ." });
  }
  return withCache(index.root, (cache) => {
    const symbols = fileViews(cache, index.db, index.location, indexFile!);
    const counts = { current: 0, stale: 0, missing: 0 };
    for (const symbol of symbols) if (symbol.state !== "unavailable") counts[symbol.state] += 1;
    return { file: cacheFile(index.location, indexFile!), symbols, counts };
  });
}

export interface SummaryStats {
  summaries: number;
  cached_files: number;
  /** Cached files whose source changed, vanished, or whose key leaves the project. */
  stale_files: number;
  tokens_input: number;
  tokens_output: number;
  /** Tokens a reader saves by loading the current summaries instead of those files (about 4 characters a token). */
  estimated_tokens_saved: number;
  models: string[];
  extracted_at: string | null;
  warnings: string[];
}

/**
 * `tsift summarize --stats`: totals over the cache, read-only; a cached file is stale when
 * its source is missing, no longer hashes the same, or its key is absolute or escapes
 * the project root (such keys are never opened). An unreadable file counts as stale,
 * with a warning.
 */
export function readSummaryStats(root: string): SummaryStats {
  return withCache(root, (cache) => {
    const files = cache
      .prepare(
        "SELECT file_path, file_hash, count(*) AS n, sum(length(summary)) AS chars, sum(tokens_input) AS tin, sum(tokens_output) AS tout FROM summaries GROUP BY file_path ORDER BY file_path",
      )
      .all() as { file_path: string; file_hash: string; n: number; chars: number; tin: number; tout: number }[];
    const stats: SummaryStats = {
      summaries: 0,
      cached_files: files.length,
      stale_files: 0,
      tokens_input: 0,
      tokens_output: 0,
      estimated_tokens_saved: 0,
      models: [],
      extracted_at: null,
      warnings: [],
    };
    for (const file of files) {
      stats.summaries += file.n;
      stats.tokens_input += file.tin;
      stats.tokens_output += file.tout;
      const normalized = file.file_path.replaceAll("\\", "/");
      if (isAbsolute(normalized) || normalized === ".." || normalized.startsWith("../")) {
        stats.stale_files += 1;
        continue;
      }
      let text: string;
      try {
        text = readFileSync(join(root, normalized), "utf8");
      } catch (error) {
        stats.stale_files += 1;
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT") stats.warnings.push(`cannot read ${normalized} (${code ?? "error"}); counted as stale`);
        continue;
      }
      if (sha256(text) !== file.file_hash) stats.stale_files += 1;
      else stats.estimated_tokens_saved += Math.max(0, Math.round((text.length - file.chars) / 4));
    }
    stats.models = cache.prepare("SELECT DISTINCT model FROM summaries ORDER BY model").pluck().all() as string[];
    stats.extracted_at = (cache.prepare("SELECT value FROM meta WHERE key = 'extracted_at'").pluck().get() as string | undefined) ?? null;
    return stats;
  });
}

/** `status`: how much of the index the cache covers. */
export interface SummaryCoverage {
  state: "available" | "none";
  /** Summaries of symbols in files whose indexed content is the one summarized. */
  summarized_symbols: number;
  /** Summarizable symbols in the index. */
  indexed_symbols: number;
  cached_files: number;
  total_indexed_files: number;
  coverage_pct: number;
}

/**
 * Coverage without reading a source file: a file's rows count when the index's content
 * hash of that file equals the hash it was summarized at (extraction rewrites every row
 * of a file it processes, so they then all describe that content).
 */
export function summaryCoverage(root: string, indexes: readonly { db: Database.Database; location: IndexLocation }[]): SummaryCoverage {
  return withCache(root, (cache) => {
    const byFile = new Map(
      (
        cache.prepare("SELECT file_path, file_hash, count(*) AS n FROM summaries GROUP BY file_path").all() as {
          file_path: string;
          file_hash: string;
          n: number;
        }[]
      ).map((row) => [row.file_path, row]),
    );
    let summarized = 0;
    let symbols = 0;
    let cachedFiles = 0;
    let totalFiles = 0;
    const excluded = "('heading','code_block','const','constant','variable','let','property','field','alias','import','enum_member')";
    for (const { db, location } of indexes) {
      const rows = db
        .prepare(
          `SELECT f.path, f.content_hash, (SELECT count(DISTINCT s.qualified_name || char(0) || s.kind) FROM symbols s WHERE s.file = f.path AND s.kind NOT IN ${excluded}) AS n FROM files f WHERE f.skip_reason IS NULL`,
        )
        .all() as { path: string; content_hash: string; n: number }[];
      for (const row of rows) {
        totalFiles += 1;
        symbols += row.n;
        const cached = byFile.get(cacheFile(location, row.path));
        if (cached && cached.file_hash === row.content_hash) {
          cachedFiles += 1;
          summarized += Math.min(cached.n, row.n);
        }
      }
    }
    return {
      state: byFile.size > 0 ? "available" : "none",
      summarized_symbols: summarized,
      indexed_symbols: symbols,
      cached_files: cachedFiles,
      total_indexed_files: totalFiles,
      coverage_pct: symbols === 0 ? 0 : Math.round((1000 * summarized) / symbols) / 10,
    };
  });
}

/** What `explain` adds: up to two current summaries from the symbol's file, the symbol's own first. */
export interface ExplainSummaries {
  state: SummaryState;
  snippets: { symbol: string; kind: string; summary: string }[];
}

export function explainSummaries(
  cache: Database.Database,
  index: Database.Database,
  location: IndexLocation,
  indexFile: string,
  symbol: string,
  limit = 2,
): ExplainSummaries {
  const views = fileViews(cache, index, location, indexFile);
  const own = views.find((entry) => entry.symbol === symbol);
  const current = views.filter((entry) => entry.state === "current");
  current.sort((a, b) => Number(b.symbol === symbol) - Number(a.symbol === symbol));
  const snippets = current.slice(0, limit).map((entry) => ({ symbol: entry.symbol, kind: entry.kind, summary: entry.summary! }));
  return { state: own?.state ?? (snippets.length > 0 ? "current" : "missing"), snippets };
}

export { SUMMARIZE_EXTRACT_COMMAND };
