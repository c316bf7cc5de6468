import type Database from "better-sqlite3";
import { readTransaction, chunksById, enclosingSymbolName, ftsChunkMatches, type Bm25Weights, type ChunkRow } from "@tsift/index/indexer";
import { coverage, ftsQuery, type FtsQuery } from "./fts-query";
import type { Confidence, SearchFilters, SearchHit } from "./search-types";
import { bestLines } from "./snippet";

export type { Bm25Weights };

/** Names weigh most: a chunk that declares what the query names is usually the answer; doc comments say what code does, above its body. */
export const DEFAULT_BM25_WEIGHTS: Bm25Weights = { names: 5, path: 2.5, body: 1, terms: 1, doc: 2 };

export interface LexicalOptions extends SearchFilters {
  limit: number;
  weights?: Bm25Weights;
}

export interface RankedChunk {
  chunk: ChunkRow;
  score: number;
  coverage: number;
}

export interface LexicalResult {
  hits: SearchHit[];
  /** Chunks matching any query term (the candidates BM25 ranked). */
  total: number;
  /** Every candidate re-scored, best first (more than `hits`): what the ranked answer splits into declarations. */
  ranked: RankedChunk[];
}

/** Candidates re-scored per requested hit: enough that coverage can lift a chunk BM25 put a little lower. */
const OVERFETCH = 6;

/** How many BM25 matches rankChunksBm25 re-scores for `limit` chunks. */
export function bm25FetchLimit(limit: number): number {
  return Math.max(50, limit * OVERFETCH);
}

/**
 * One page of BM25 matches, best first, with their chunk rows: what rankChunksBm25 re-scores.
 * A page fetched for a larger limit holds a smaller limit's page as its prefix (SQLite keeps
 * ties in scan order under any LIMIT), so one query can serve several rankings (rescoreChunks).
 */
export interface Bm25Page {
  rows: { id: number; score: number }[];
  chunks: Map<number, ChunkRow>;
  total: number;
}

/** The first `fetch` BM25 matches of the query (`count: false` skips counting all matches). */
export function bm25Page(db: Database.Database, query: FtsQuery, options: LexicalOptions & { count?: boolean }, fetch: number): Bm25Page {
  return readTransaction(db, () => {
    if (query.match === "" || options.limit <= 0) return { rows: [], chunks: new Map(), total: 0 };
    const { rows, total } = ftsChunkMatches(db, { ...options, match: query.match, weights: options.weights ?? DEFAULT_BM25_WEIGHTS, limit: fetch });
    const chunks = chunksById(
      db,
      rows.map((row) => row.id),
    );
    return { rows, chunks, total };
  });
}

/**
 * Each page's chunk coverages for the query words they were computed for: a hybrid search
 * re-scores one page twice (its fused hits and its answer), the second time from here.
 */
const pageCoverage = new WeakMap<Bm25Page, { words: string; covered: Map<number, number> }>();

/** The page's first `fetch` matches re-scored by query coverage, best first. */
export function rescoreChunks(query: FtsQuery, page: Bm25Page, fetch: number): RankedChunk[] {
  const words = JSON.stringify(query.groups.map((group) => group.parts));
  let memo = pageCoverage.get(page);
  if (memo?.words !== words) pageCoverage.set(page, (memo = { words, covered: new Map() }));
  const ranked: RankedChunk[] = [];
  for (const row of page.rows.slice(0, fetch)) {
    const chunk = page.chunks.get(row.id);
    if (!chunk) continue;
    let covered = memo.covered.get(chunk.id);
    if (covered === undefined) {
      covered = coverage(query.groups, `${chunk.names}\n${chunk.file}\n${chunk.text}`.toLowerCase());
      memo.covered.set(chunk.id, covered);
    }
    ranked.push({ chunk, score: row.score * (0.35 + 0.65 * covered), coverage: covered });
  }
  ranked.sort((a, b) => b.score - a.score || compareChunks(a.chunk, b.chunk));
  return ranked;
}

/**
 * BM25 over the enriched chunk index, re-scored by query coverage: BM25 alone
 * rewards a chunk that repeats one common query word, so the final score multiplies
 * it by how many of the query's words the chunk (names and text) contains.
 */
export function rankChunksBm25(db: Database.Database, query: FtsQuery, options: LexicalOptions): { ranked: RankedChunk[]; total: number } {
  if (query.match === "" || options.limit <= 0) return { ranked: [], total: 0 };
  const fetch = bm25FetchLimit(options.limit);
  const page = bm25Page(db, query, options, fetch);
  return { ranked: rescoreChunks(query, page, fetch), total: page.total };
}

/** `tsift search --strategy lexical`: the top chunks as hits, each with its best lines and a confidence. */
export function lexicalSearch(db: Database.Database, text: string, options: LexicalOptions): LexicalResult {
  return readTransaction(db, () => {
    const query = ftsQuery(text);
    const { ranked, total } = rankChunksBm25(db, query, options);
    return { hits: toHits(db, ranked.slice(0, options.limit), query, "bm25"), total, ranked };
  });
}

export function compareChunks(a: ChunkRow, b: ChunkRow): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start_line - b.start_line;
}

/**
 * Confidence from how much of the query a hit covers and how close it scores to the
 * best hit: a chunk with every query word near the top is `High`.
 */
export function confidenceOf(covered: number, relative: number, score = 1): Confidence {
  // A score of 0 matched nothing distinctive (every query word is everywhere): never High.
  if (covered >= 0.75 && relative >= 0.5 && score > 0) return "High";
  if (covered >= 0.4) return "Medium";
  return "Low";
}

/**
 * Hits from ranked chunks. A hit shows its best line, so its label is the symbol that line
 * lies in (a chunk can group several small definitions), and its confidence follows its score.
 */
export function toHits(db: Database.Database, ranked: readonly RankedChunk[], query: FtsQuery, source: SearchHit["source"]): SearchHit[] {
  const top = ranked[0]?.score ?? 0;
  return ranked.map((entry, index) => {
    const { chunk } = entry;
    const snippet = bestLines(chunk.text, chunk.start_line, query.groups);
    return {
      rank: index + 1,
      artifact_id: `${source}:${chunk.file}:${chunk.start_line}`,
      path: chunk.file,
      line: snippet.line,
      start_line: chunk.start_line,
      end_line: chunk.end_line,
      location: `line ${snippet.line}`,
      score: Math.round(entry.score * 10_000) / 10_000,
      confidence: confidenceOf(entry.coverage, top > 0 ? entry.score / top : 0, Math.round(entry.score * 10_000) / 10_000),
      snippet: snippet.text,
      language: chunk.language,
      symbol: enclosingSymbolName(db, chunk.file, snippet.line, chunk.end_line),
      source,
    };
  });
}
