import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { CODE_PROJECTION_VERSION, CODE_PROJECTOR_REVISION } from "./code-graph-ids";

/** What the projection is derived from, summarised without reading a symbol or call row. */
export interface CodeGraphSourceState {
  /**
   * Changes exactly when the projection's rows could: the projector revision, the tool
   * and index schema versions, and every tracked file's path, language, content hash,
   * indexed time, error flag and skip state. Every row of the index is derived from those
   * (a call's resolution from the files it can bind to), so no row is read or counted: a
   * watermark costs one pass over `files`. A stat that changed without the bytes
   * (`touch`) keeps it, so such a refresh is a reuse.
   */
  watermark: string;
  /** sha256 over the tracked files' paths and content hashes: the source, not the index. */
  contentHash: string;
  /** Latest file indexed time, Unix seconds (0 for an empty index). */
  observedAtUnix: number;
  files: number;
  toolVersion: string | null;
  schemaVersion: string | null;
}

/** ISO time to whole Unix seconds; 0 when unparseable, so a bad row cannot make rows differ run to run. */
export function unixSeconds(iso: string | null | undefined): number {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/**
 * Reads the watermark of an open index.db: one pass over `files` (hundreds to thousands
 * of rows), a few milliseconds even for large projects, so an unchanged `graph-db
 * refresh` and every read's freshness check cost this and nothing else.
 */
export function codeGraphSourceState(db: Database.Database): CodeGraphSourceState {
  const watermark = createHash("sha256");
  const content = createHash("sha256");
  const meta = new Map(db.prepare("SELECT key, value FROM meta WHERE key IN ('schema_version', 'tool_version')").raw().all() as [string, string][]);
  watermark.update(
    `tsift-code-graph\0${CODE_PROJECTION_VERSION}\0r${CODE_PROJECTOR_REVISION}\0${meta.get("schema_version") ?? ""}\0${meta.get("tool_version") ?? ""}\n`,
  );
  let files = 0;
  let observed = 0;
  const rows = db.prepare("SELECT path, language, content_hash, indexed_at, has_errors, skip_reason FROM files ORDER BY path").raw().iterate() as Iterable<
    [string, string, string, string, number, string | null]
  >;
  for (const [path, language, hash, indexedAt, hasErrors, skip] of rows) {
    files++;
    watermark.update(`${path}\0${language}\0${hash}\0${indexedAt}\0${hasErrors}\0${skip ?? ""}\n`);
    content.update(`${path}\0${hash}\n`);
    observed = Math.max(observed, unixSeconds(indexedAt));
  }
  return {
    watermark: watermark.digest("hex"),
    contentHash: content.digest("hex"),
    observedAtUnix: observed,
    files,
    toolVersion: meta.get("tool_version") ?? null,
    schemaVersion: meta.get("schema_version") ?? null,
  };
}
