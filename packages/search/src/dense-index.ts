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
  /** Chunk contents still without a vector: the budget ran out first (0 when complete). */
  remaining: number;
  ms: number;
}

/** How much embedding one call does (see ensureVectors). */
export interface EmbedBudget {
  /** Stop before the next batch once `now()` reaches this (in `now`'s clock); none: embed everything. */
  until?: number;
  /** The clock `until` is read against; default `performance.now`. */
  now?: () => number;
  /** Chunk contents embedded and stored per batch; default 4096. */
  batch?: number;
}

/** Chunk contents per stored batch: a few seconds of the shipped model's work, so a budget is kept to about that. */
export const EMBED_BATCH = 4096;
/** Texts per encoder call inside a batch. */
const ENCODE_BATCH = 256;

/**
 * Embeds the chunk contents that have no vector for `encoder` yet and stores the vectors
 * (needs a writable index, i.e. the writer lock), a batch at a time, each batch in its own
 * transaction: work done before a stop (the budget, the search deadline, a killed process)
 * is kept, and the next call continues from there. Readers see each batch whole or not at
 * all. Once nothing is missing, drops this encoder's vectors whose content no longer exists.
 * Lazy: the first semantic or hybrid searches pay for it, later ones and other chunks with
 * the same content reuse it. At least one batch is embedded per call, so calls progress.
 */
export function ensureVectors(db: Database.Database, encoder: Encoder, budget: EmbedBudget = {}): EnsureVectorsResult {
  const started = performance.now();
  let embedded = 0;
  const complete = forEachBatch(db, encoder, budget, new Set(), (vectors) => {
    storeChunkVectors(db, encoder.id, vectors, { prune: false });
    embedded += vectors.size;
  });
  const pruned = complete ? storeChunkVectors(db, encoder.id, new Map()).pruned : 0;
  const remaining = complete ? 0 : missingChunkVectorCount(db, encoder.id);
  return { embedded, pruned, remaining, ms: performance.now() - started };
}

/**
 * Vectors computed in memory for chunks that have none stored, when the index cannot
 * be written (another writer holds the lock): the search still answers, it only
 * does not keep the work. The same budget as ensureVectors (the contents left out
 * are the missing count less the map's size).
 */
export function transientVectors(db: Database.Database, encoder: Encoder, budget: EmbedBudget = {}): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  forEachBatch(db, encoder, budget, out, (vectors) => {
    for (const [hash, vector] of vectors) out.set(hash, vector);
  });
  return out;
}

/**
 * Reads the pending contents a batch at a time (in chunk order, skipping contents in
 * `done`), encodes them and hands each batch's vectors to `take`. True when nothing is
 * left, false when the budget stopped it first.
 */
function forEachBatch(
  db: Database.Database,
  encoder: Encoder,
  budget: EmbedBudget,
  done: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  take: (vectors: Map<string, Buffer>) => void,
): boolean {
  const now = budget.now ?? (() => performance.now());
  const size = budget.batch ?? EMBED_BATCH;
  let afterId = 0;
  for (let first = true; ; first = false) {
    if (!first && budget.until !== undefined && now() >= budget.until) return false;
    const page = pendingChunkContents(db, encoder.id, { afterId, limit: size });
    if (page.length === 0) return true;
    afterId = page[page.length - 1]!.id;
    const rows = page.filter((row) => !done.has(row.hash));
    const vectors = new Map<string, Buffer>();
    for (let from = 0; from < rows.length; from += ENCODE_BATCH) {
      const part = rows.slice(from, from + ENCODE_BATCH);
      encoder
        .encode(part.map((row) => embeddingText(row.names, row.text, row.file)))
        .forEach((vector, index) => vectors.set(part[index]!.hash, quantize(vector)));
    }
    take(vectors);
  }
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
