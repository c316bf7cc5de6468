import type Database from "better-sqlite3";
import { readTransaction, chunksById } from "@tsift/index/indexer";
import { denseRank, type DenseMatch } from "./dense-index";
import type { Encoder } from "./encoders/encoder";
import { coverage, ftsQuery } from "./fts-query";
import { bm25FetchLimit, compareChunks, rankChunksBm25, rescoreChunks, toHits, type Bm25Page, type Bm25Weights, type RankedChunk } from "./lexical-search";
import { hybridAlpha } from "./query-shape";
import type { SearchFilters, SearchHit } from "./search-types";

/** The usual reciprocal-rank-fusion constant: rank 1 is worth 1/61, rank 60 half of that. */
export const RRF_K = 60;

export interface DenseSearchOptions extends SearchFilters {
  limit: number;
  encoder: Encoder;
  /** Dense weight in [0, 1]; default from the query's shape (hybridAlpha). Ignored by semantic search. */
  alpha?: number;
  /** In-memory vectors for chunks without a stored one (transientVectors). */
  extra?: ReadonlyMap<string, Buffer>;
  /** Packed-vector cache file (see denseRank). */
  cacheFile?: string;
  weights?: Bm25Weights;
  /** BM25 matches already fetched for this query with these filters (at least denseBm25Fetch(limit) of them, or all there are). */
  bm25?: Bm25Page;
}

/** How many BM25 matches the hybrid ranking re-scores for `limit` hits. */
export function denseBm25Fetch(limit: number): number {
  return bm25FetchLimit(Math.ceil(denseDepth(limit) / 6));
}

/** Dense candidates per requested hit, at least 100. */
function denseDepth(limit: number): number {
  return Math.max(100, limit * 10);
}

export interface DenseSearchResult {
  hits: SearchHit[];
  alpha: number;
  /** Candidates considered from each ranker. */
  candidates: { dense: number; sparse: number };
  /** The dense ranking, best first (the ranked answer takes its best chunks as candidates). */
  dense: DenseMatch[];
  /** The query's vector. */
  queryVector: Float32Array;
}

/**
 * `--strategy hybrid`: BM25 and dense rankings over-fetched, fused by reciprocal rank
 * (alpha weights the dense side), then nudged by query coverage so a chunk that also
 * contains the query's words wins a near-tie. `semantic` is the dense ranking alone.
 * Scores are scaled so a chunk ranked first by both sides scores 1.
 */
export function denseSearch(db: Database.Database, text: string, mode: "hybrid" | "semantic", options: DenseSearchOptions): DenseSearchResult {
  return readTransaction(db, () => {
    const query = ftsQuery(text);
    const alpha = mode === "semantic" ? 1 : Math.min(1, Math.max(0, options.alpha ?? hybridAlpha(text)));
    if (options.limit <= 0)
      return { hits: [], alpha, candidates: { dense: 0, sparse: 0 }, dense: [], queryVector: new Float32Array(options.encoder.dimensions) };
    const depth = denseDepth(options.limit);
    const queryVector = options.encoder.encode([text])[0]!;
    const dense: DenseMatch[] = denseRank(db, options.encoder.id, queryVector, {
      ...options,
      limit: depth,
      ...(options.extra ? { extra: options.extra } : {}),
    });
    const sparse =
      mode === "semantic"
        ? []
        : options.bm25
          ? rescoreChunks(query, options.bm25, denseBm25Fetch(options.limit))
          : rankChunksBm25(db, query, { ...options, limit: Math.ceil(depth / 6) }).ranked;

    const fused = new Map<number, number>();
    dense.forEach((match, index) => fused.set(match.id, (fused.get(match.id) ?? 0) + alpha / (RRF_K + index + 1)));
    sparse.forEach((entry, index) => fused.set(entry.chunk.id, (fused.get(entry.chunk.id) ?? 0) + (1 - alpha) / (RRF_K + index + 1)));
    const order = [...fused.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, Math.max(options.limit * 3, 30));
    const chunks = chunksById(
      db,
      order.map(([id]) => id),
    );
    const ranked: RankedChunk[] = [];
    for (const [id, score] of order) {
      const chunk = chunks.get(id);
      if (!chunk) continue;
      const covered = coverage(query.groups, `${chunk.names}\n${chunk.file}\n${chunk.text}`.toLowerCase());
      const scale = mode === "semantic" ? 1 : 0.75 + 0.25 * covered;
      ranked.push({ chunk, score: score * (RRF_K + 1) * scale, coverage: covered });
    }
    ranked.sort((a, b) => b.score - a.score || compareChunks(a.chunk, b.chunk));
    return {
      hits: toHits(db, ranked.slice(0, options.limit), query, mode === "semantic" ? "dense" : "hybrid"),
      alpha,
      candidates: { dense: dense.length, sparse: sparse.length },
      dense,
      queryVector,
    };
  });
}
