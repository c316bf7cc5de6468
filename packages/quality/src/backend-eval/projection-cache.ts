import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { GraphProjection } from "@tsift/core";

/** Bumped when the cached document changes shape; older files then miss (and are pruned). */
export const PROJECTION_CACHE_VERSION = 1;

export interface ProjectionCacheEntry {
  projection: GraphProjection;
  /** Compressed size on disk. */
  diskBytes: number;
  /** Uncompressed JSON bytes per compressed byte. */
  compressionRatio: number;
}

const fileName = (watermark: string) =>
  `projection-${createHash("sha256").update(`v${PROJECTION_CACHE_VERSION}\0${watermark}`).digest("hex").slice(0, 32)}.json.gz`;

/** Deletes every cached projection except `keep`: a changed watermark leaves nothing worth keeping. */
function prune(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) if (name !== keep && name.startsWith("projection-")) rmSync(join(dir, name), { force: true });
}

/**
 * The provider-neutral rows cached for `watermark` (backend-eval's full-projection
 * dataset), or null on a miss. A hit means the source graph and projection rows were not
 * rebuilt, which is what full-projection samples must prove (`source_graph_build`
 * and `projection_rows` report 0 on a hit). Unreadable or foreign files are a miss.
 */
export function readProjectionCache(dir: string, watermark: string): ProjectionCacheEntry | null {
  const name = fileName(watermark);
  let compressed: Buffer;
  try {
    compressed = readFileSync(join(dir, name));
  } catch {
    return null;
  }
  try {
    const json = gunzipSync(compressed);
    const document = JSON.parse(json.toString("utf8")) as { version: number; watermark: string; projection: GraphProjection };
    if (document.version !== PROJECTION_CACHE_VERSION || document.watermark !== watermark) return null;
    prune(dir, name);
    return { projection: document.projection, diskBytes: compressed.length, compressionRatio: Math.round((json.length / compressed.length) * 100) / 100 };
  } catch {
    return null;
  }
}

/** Stores the rows for `watermark` (temp file + rename, so readers never see half a file) and prunes older entries. */
export function writeProjectionCache(dir: string, watermark: string, projection: GraphProjection): Omit<ProjectionCacheEntry, "projection"> {
  mkdirSync(dir, { recursive: true });
  const name = fileName(watermark);
  const json = Buffer.from(JSON.stringify({ version: PROJECTION_CACHE_VERSION, watermark, projection }));
  const compressed = gzipSync(json, { level: 6 });
  const temp = join(dir, `${name}.${process.pid}.tmp`);
  writeFileSync(temp, compressed);
  renameSync(temp, join(dir, name));
  prune(dir, name);
  return { diskBytes: compressed.length, compressionRatio: Math.round((json.length / compressed.length) * 100) / 100 };
}
