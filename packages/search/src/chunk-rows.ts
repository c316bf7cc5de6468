// Chunk rows are read through @tsift/index, which owns every query against index.db.
export { chunkAt, normalizePathFilter, type ChunkRow } from "@tsift/index/indexer";

/** The path filter's test in JS, for hits that do not come from the index (exact search). */
export function matchesPathFilter(file: string, prefix: string | null): boolean {
  return prefix === null || file === prefix || file.startsWith(`${prefix}/`);
}
