import type Database from "better-sqlite3";
import { rowFilterSql, type IndexRowFilters } from "./chunk-filter";
import { prepared } from "./prepared";
import { readTransaction } from "./read-transaction";

/** One chunk content without a vector for an encoder: what the encoder reads for it. */
export interface PendingChunkContent {
  /** The first chunk with this content. */
  id: number;
  hash: string;
  names: string;
  text: string;
  file: string;
}

const MISSING = "NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.encoder = ? AND v.hash = c.hash)";

/** Distinct chunk contents with no vector yet for this encoder. */
export function missingChunkVectorCount(db: Database.Database, encoderId: string): number {
  return prepared(db, `SELECT count(DISTINCT hash) FROM chunks c WHERE ${MISSING}`, "pluck").get(encoderId) as number;
}

/**
 * Each chunk content with no vector for this encoder, once, in chunk order. Chunks with the
 * same hash have the same path, names and text (the hash covers all three), so the first
 * row of each is kept here rather than grouped in SQL, which sorted every pending text.
 * `page` reads only the next `limit` pending chunks after chunk id `afterId` (a batch; the
 * last row's `id` is where the next page starts), instead of every pending text at once.
 */
export function pendingChunkContents(db: Database.Database, encoderId: string, page?: { afterId: number; limit: number }): PendingChunkContent[] {
  const rows = (
    page
      ? prepared(db, `SELECT id, hash, names, text, file FROM chunks c WHERE c.id > ? AND ${MISSING} ORDER BY c.id LIMIT ?`).all(
          page.afterId,
          encoderId,
          page.limit,
        )
      : prepared(db, `SELECT id, hash, names, text, file FROM chunks c WHERE ${MISSING}`).all(encoderId)
  ) as PendingChunkContent[];
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.hash) && seen.add(row.hash));
}

/** The stored vector of one chunk content, or undefined. */
export function storedChunkVector(db: Database.Database, encoderId: string, hash: string): Buffer | undefined {
  return prepared(db, "SELECT vector FROM chunk_vectors WHERE encoder = ? AND hash = ?", "pluck").get(encoderId, hash) as Buffer | undefined;
}

/**
 * Stores vectors by content hash and drops this encoder's vectors whose content no longer
 * exists, in one transaction: an interrupted run leaves the cache as it was. Needs a
 * writable connection (the writer lock). Returns how many stale vectors were pruned.
 * `prune: false` only stores (one batch of several: the last call prunes).
 */
export function storeChunkVectors(
  db: Database.Database,
  encoderId: string,
  vectors: ReadonlyMap<string, Buffer>,
  options: { prune?: boolean } = {},
): { pruned: number } {
  const insert = prepared(db, "INSERT OR REPLACE INTO chunk_vectors (encoder, hash, vector) VALUES (?, ?, ?)");
  const prune = prepared(db, "DELETE FROM chunk_vectors WHERE encoder = ? AND hash NOT IN (SELECT hash FROM chunks)");
  const bump = prepared(db, "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)");
  return db.transaction(() => {
    // In key order: rows go in at the right edge of the table's b-tree instead of at random
    // pages (content hashes are random), which halves the cost of storing a whole index.
    for (const hash of [...vectors.keys()].sort()) insert.run(encoderId, hash, vectors.get(hash)!);
    const pruned = options.prune === false ? 0 : prune.run(encoderId).changes;
    if (vectors.size > 0 || pruned > 0) bump.run(vectorsVersionKey(encoderId));
    return { pruned };
  })();
}

/** The meta key counting the writes of one encoder's vectors (storeChunkVectors bumps it in the same transaction). */
function vectorsVersionKey(encoderId: string): string {
  return `vectors_version:${encoderId}`;
}

/**
 * Every chunk passing the filters with its stored vector for the encoder (null when it has
 * none), as `[id, language, hash, vector]`, streamed in table order.
 */
export function chunkVectorRows(db: Database.Database, encoderId: string, filters: IndexRowFilters): IterableIterator<[number, string, string, Buffer | null]> {
  const filter = rowFilterSql(filters, "symbol_kind");
  const sql = `SELECT c.id, c.language, c.hash, v.vector FROM chunks c LEFT JOIN chunk_vectors v ON v.encoder = ? AND v.hash = c.hash${filter.sql ? ` WHERE ${filter.sql}` : ""}`;
  return prepared(db, sql, "raw").iterate(encoderId, ...filter.params) as IterableIterator<[number, string, string, Buffer | null]>;
}

/** The chunks that have a vector for the encoder, as `[id, language, vector]` in chunk-id order. */
export function vectorMatrixRows(db: Database.Database, encoderId: string): [number, string, Buffer][] {
  return prepared(db, "SELECT c.id, c.language, v.vector FROM chunks c JOIN chunk_vectors v ON v.encoder = ? AND v.hash = c.hash ORDER BY c.id", "raw").all(
    encoderId,
  ) as [number, string, Buffer][];
}

/**
 * What a packed copy of the encoder's vectors must match: the index run, the version of
 * this encoder's vectors and the highest chunk id (any index update or lazy embedding
 * changes one of them), read in one transaction. The version is the counter storeChunkVectors
 * keeps in `meta` (one row read); an index whose vectors were stored before that counter
 * existed falls back to counting them, which reads every stored vector.
 */
export function chunkVectorFingerprint(db: Database.Database, encoderId: string): { indexedAt: string; vectorsVersion: string; maxChunkId: number } {
  return readTransaction(db, () => {
    const version = prepared(db, "SELECT value FROM meta WHERE key = ?", "pluck").get(vectorsVersionKey(encoderId)) as string | undefined;
    return {
      indexedAt: (prepared(db, "SELECT value FROM meta WHERE key = 'indexed_at'", "pluck").get() as string | undefined) ?? "",
      vectorsVersion:
        version !== undefined ? `v${version}` : `n${prepared(db, "SELECT count(*) FROM chunk_vectors WHERE encoder = ?", "pluck").get(encoderId) as number}`,
      maxChunkId: (prepared(db, "SELECT max(id) FROM chunks", "pluck").get() as number | null) ?? 0,
    };
  });
}
