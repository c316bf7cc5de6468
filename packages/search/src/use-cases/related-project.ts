import { relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core";
import {
  chunkStarts,
  discoverScopes,
  indexLocation,
  loadConfig,
  openIndexReader,
  readTransaction,
  pathArg as commandPath,
  resolveProjectRoot,
  selectScope,
  sourceReadCommand,
  stableHandle,
} from "@tsift/index/indexer";
import type Database from "better-sqlite3";
import { relatedChunks } from "../related-search";
import type { SearchHit } from "../search-types";
import { resolveEncoder } from "../encoders/default-encoder";
import { HASH_ENCODER_ID } from "../encoders/hash-encoder";
import { prepareVectors, vectorCacheFile } from "./search-engine";
import { ensureFresh, type FreshnessTarget } from "./search-freshness";

/** `tsift related`'s options; every default is the CLI's. */
export interface RelatedProjectOptions {
  /** `file:line` (root-relative, or relative to the scope) or an `shit-*` handle from a search preview. */
  target: string;
  /** Where `path` and `model` resolve from; default `process.cwd()`. */
  cwd?: string;
  /** The project directory or a path inside it; default `.`. */
  path?: string;
  /** Related chunks returned; default 10. */
  limit?: number;
  /** The workspace scope whose index to use. */
  scope?: string;
  /** A local Model2Vec directory, or `tsift-hash-v1`; default the shipped tsift-code-v1 model. */
  model?: string;
}

/** What `tsift related --json` reports. */
export interface RelatedData {
  target: string;
  encoder: string;
  source: { path: string; start_line: number; end_line: number; symbol: string | null; language: string };
  /** Each hit with the `tsift source-read` command that shows it. */
  hits: (SearchHit & { expand: string })[];
}

export interface RelatedProjectResult {
  data: RelatedData;
  root: string;
  /** The root as suggested commands spell it from `cwd`. */
  pathArg: string;
  /** The scope whose index answered, or null. */
  scope: string | null;
  /** A degraded-freshness note, when the refresh lost the lock race. */
  notes: string[];
}

/**
 * `tsift related <file:line|shit-handle>` as a library call: resolves the target to an
 * indexed chunk (a handle by recomputing chunk handles until one matches), refreshes the
 * index like search does, embeds lazily, and lists similar chunks.
 */
export async function relatedProject(options: RelatedProjectOptions): Promise<RelatedProjectResult> {
  const cwd = options.cwd ?? process.cwd();
  const project = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const root = project.root;
  const config = await loadConfig(root);
  const scope = options.scope !== undefined ? selectScope(discoverScopes(root), options.scope) : project.scope;
  const target: FreshnessTarget = { location: indexLocation(root, scope), scope };
  const pathArg = commandPath(cwd, root);
  const fresh = await ensureFresh(target, config, true, pathArg);
  const notes = fresh.note ? [fresh.note] : [];
  if (fresh.mode === "missing_exact")
    throw new TsiftError("index_missing", `related code needs an index and ${target.location.dbPath} cannot be built now`, {
      hint: "wait for the active tsift writer, then retry",
    });
  const prefix = relative(root, target.location.sourceRoot).split(sep).join("/");

  const resolved = resolveEncoder(options.model === undefined ? null : options.model === HASH_ENCODER_ID ? options.model : resolve(cwd, options.model));
  const encoder = resolved.encoder;
  if (resolved.warning) notes.push(`warning: ${resolved.warning}`);
  const cacheFile = vectorCacheFile(root, { scope: scope?.id ?? null }, encoder.id);
  const connection = openIndexReader(target.location);
  try {
    const extra = prepareVectors(target.location, encoder, {}, { db: connection.database, cacheFile });
    // After the vectors are stored, in one snapshot: the chunk located is the one whose neighbours are ranked.
    const result = readTransaction(connection.database, () => {
      const { file, line } = locate(connection.database, options.target, prefix, scope?.id ?? null);
      return relatedChunks(connection.database, file, line, { encoder, limit: options.limit ?? 10, ...(extra ? { extra } : {}), cacheFile });
    });
    const withPrefix = (path: string) => (prefix ? `${prefix}/${path}` : path);
    const place = { pathArg, scope: scope?.id ?? null };
    const data: RelatedData = {
      target: options.target,
      encoder: encoder.id,
      source: { ...result.source, path: withPrefix(result.source.path) },
      hits: result.hits.map((hit) => ({
        ...hit,
        path: withPrefix(hit.path),
        expand: sourceReadCommand(withPrefix(hit.path), hit.start_line, hit.end_line, place),
      })),
    };
    return { data, root, pathArg, scope: scope?.id ?? null, notes };
  } finally {
    await connection.close();
  }
}

/** `file:line` (root-relative, or relative to the scope) or an `shit-*` handle from a search preview. */
function locate(db: Database.Database, target: string, prefix: string, scope: string | null): { file: string; line: number } {
  if (/^shit-[0-9a-f]{12}$/.test(target)) {
    for (const row of chunkStarts(db)) {
      const path = prefix ? `${prefix}/${row.file}` : row.file;
      if (stableHandle("shit", [scope ?? "", path, row.start_line].join("\0")) === target) return { file: row.file, line: row.start_line };
    }
    throw new TsiftError("not_found", `no indexed chunk has handle ${target}`, { hint: "run the search again: handles change when the chunk moves" });
  }
  const match = /^(.+):(\d+)$/.exec(target);
  if (!match) throw new TsiftError("usage", `expected file:line or an shit-* handle, got ${target}`, { hint: "tsift related src/main.ts:42" });
  let file = match[1]!.replace(/\\/g, "/").replace(/^\.\//, "");
  if (prefix && file.startsWith(`${prefix}/`)) file = file.slice(prefix.length + 1);
  return { file, line: Number(match[2]) };
}
