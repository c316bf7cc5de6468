import type Database from "better-sqlite3";
import { chunkVectorRows, hasRowFilters, missingChunkVectorCount, pendingChunkContents, storeChunkVectors } from "@tsift/index/indexer";
import { dotQuantized, quantize, type Encoder } from "./encoders/encoder";
import { loadVectorMatrix, scoreMatrix } from "./vector-matrix";
import type { SearchFilters } from "./search-types";

/**
 * What an encoder reads for a chunk: its file's path segments (modules are often named
 * after the concept they hold: `Queue.ts`, `Redacted.ts`), its declared names, then
 * the code. The index's chunk hash covers the same three, so a cached vector is never
 * reused for different input.
 */
export function embeddingText(names: string, text: string, file = ""): string {
  const where = file
    ? `${file
        .replace(/\.[^./]+$/, "")
        .split("/")
        .join(" ")}\n`
    : "";
  return `${where}${names ? `${names.replace(/\n/g, " ")}\n` : ""}${text}`;
}

/** Chunks (distinct contents) with no vector yet for this encoder. */
export function missingVectors(db: Database.Database, encoderId: string): number {
  return missingChunkVectorCount(db, encoderId);
}

export interface EnsureVectorsResult {
  embedded: number;
  pruned: number;
  ms: number;
}

const BATCH = 256;

/**
 * Embeds every chunk content that has no vector for `encoder` yet and stores the
 * vectors (needs a writable index, i.e. the writer lock), then drops this encoder's
 * vectors whose content no longer exists. Lazy: the first semantic or hybrid search
 * pays for it, later ones and other chunks with the same content reuse it. Stored in
 * one transaction, so an interrupted run leaves the cache as it was.
 */
export function ensureVectors(db: Database.Database, encoder: Encoder): EnsureVectorsResult {
  const started = performance.now();
  const vectors = transientVectors(db, encoder);
  const { pruned } = storeChunkVectors(db, encoder.id, vectors);
  return { embedded: vectors.size, pruned, ms: performance.now() - started };
}

/**
 * Vectors computed in memory for chunks that have none stored, when the index cannot
 * be written (another writer holds the lock): the search still answers, it only
 * does not keep the work.
 */
export function transientVectors(db: Database.Database, encoder: Encoder): Map<string, Buffer> {
  const pending = pendingChunkContents(db, encoder.id);
  const out = new Map<string, Buffer>();
  for (let from = 0; from < pending.length; from += BATCH) {
    const batch = pending.slice(from, from + BATCH);
    encoder.encode(batch.map((row) => embeddingText(row.names, row.text, row.file))).forEach((vector, index) => out.set(batch[index]!.hash, quantize(vector)));
  }
  return out;
}

export interface DenseOptions extends SearchFilters {
  limit: number;
  /** Chunk ids never returned (the source chunk of a related-code lookup). */
  exclude?: ReadonlySet<number>;
  /** Vectors not in the table (see transientVectors). */
  extra?: ReadonlyMap<string, Buffer>;
  /** Where the packed vector matrix is cached (vector-matrix.ts); used when no filter or extra vectors apply. */
  cacheFile?: string;
}

export interface DenseMatch {
  id: number;
  language: string;
  score: number;
}

/**
 * Cosine ranking of chunks against a unit query vector: a scan over every stored
 * vector (int8, a few MB for a large repository), keeping the best `limit`. Ties go
 * to the lower chunk id, which follows file order, so results are deterministic.
 */
export function denseRank(db: Database.Database, encoderId: string, query: Float32Array, options: DenseOptions): DenseMatch[] {
  if (options.limit <= 0) return [];
  if (options.cacheFile !== undefined && !hasRowFilters(options) && !options.extra) {
    const matrix = loadVectorMatrix(db, encoderId, options.cacheFile);
    if (!matrix) return [];
    const scores = scoreMatrix(matrix, query);
    return topRows(scores, matrix.ids, options.limit, options.exclude).map((row) => ({
      id: matrix.ids[row]!,
      language: matrix.languages[matrix.languageIndex[row]!]!,
      score: scores[row]!,
    }));
  }
  const rows = chunkVectorRows(db, encoderId, options);
  const best: DenseMatch[] = [];
  let floor = -Infinity;
  for (const [id, language, hash, stored] of rows) {
    if (options.exclude?.has(id)) continue;
    const vector = stored ?? options.extra?.get(hash);
    if (!vector) continue;
    const score = dotQuantized(query, vector);
    if (best.length >= options.limit && score <= floor) continue;
    best.push({ id, language, score });
    if (best.length > options.limit * 2) {
      best.sort(byScore);
      best.length = options.limit;
      floor = best[best.length - 1]!.score;
    }
  }
  best.sort(byScore);
  return best.slice(0, options.limit);
}

/**
 * The rows of the `limit` best scores, best first, ties to the lower id: the order a full
 * sort by (score desc, id asc) gives, kept in one sorted array of at most `limit` rows that
 * a row enters only when it beats the last one (a few hundred insertions over 15k rows
 * instead of sorting them all).
 */
export function topRows(scores: Float32Array, ids: Int32Array, limit: number, exclude?: ReadonlySet<number>): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! < ids[b]!);
  for (let row = 0; row < scores.length; row++) {
    if (best.length === limit && !before(row, best[limit - 1]!)) continue;
    if (exclude?.has(ids[row]!)) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && before(row, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = row;
  }
  return best;
}

function byScore(a: DenseMatch, b: DenseMatch): number {
  return b.score - a.score || a.id - b.id;
}
