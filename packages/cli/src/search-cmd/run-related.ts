import { relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core";
import { chunkStarts, discoverScopes, indexLocation, loadConfig, openIndexReader, resolveProjectRoot, resolveScopeTier, selectScope } from "@tsift/index/indexer";
import { relatedChunks, type SearchHit } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { IndexTarget } from "../index-cmd/index-targets";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";
import { stableHandle } from "@tsift/digest";
import { pathArg as spellPath } from "../path-arg";
import { sourceReadCommand } from "../symbol-ref";
import { loadEncoder, prepareVectors, vectorCacheFile } from "./search-engine";
import { ensureFresh } from "./search-freshness";

export interface RelatedFlags {
  target: string;
  path?: string;
  limit: number;
  scope?: string;
  model?: string;
}

interface RelatedData {
  target: string;
  encoder: string;
  source: { path: string; start_line: number; end_line: number; symbol: string | null; language: string };
  hits: (SearchHit & { expand: string })[];
}

/**
 * `tsift related <file:line|shit-handle>`: resolves the target to an indexed chunk
 * (a handle by recomputing chunk handles until one matches), refreshes the index like
 * search does, embeds lazily, and lists similar chunks.
 */
export async function runRelated(io: CliIo, flags: RelatedFlags): Promise<CommandResult> {
  const project = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const root = project.root;
  const config = await loadConfig(root);
  const scope = flags.scope !== undefined ? selectScope(discoverScopes(root), flags.scope) : project.scope;
  const target: IndexTarget = { location: indexLocation(root, scope), scope, tier: scope ? resolveScopeTier(config, scope.id, scope.path).tier : null };
  const pathArg = spellPath(io.cwd, root);
  const fresh = await ensureFresh(target, config, true, pathArg);
  const notes = fresh.note ? [fresh.note] : [];
  if (fresh.mode === "missing_exact") throw new TsiftError("index_missing", `related code needs an index and ${target.location.dbPath} cannot be built now`, { hint: "wait for the active tsift writer, then retry" });
  const prefix = relative(root, target.location.sourceRoot).split(sep).join("/");
  const place = { pathArg, scope: scope?.id ?? null };

  const encoder = loadEncoder({ model: flags.model !== undefined ? resolve(io.cwd, flags.model) : null });
  const cacheFile = vectorCacheFile(root, { scope: scope?.id ?? null }, encoder.id);
  const connection = openIndexReader(target.location);
  try {
    const extra = prepareVectors(target.location, encoder, {}, { db: connection.database, cacheFile });
    const { file, line } = locate(connection.database, flags.target, prefix, scope?.id ?? null);
    const result = relatedChunks(connection.database, file, line, { encoder, limit: flags.limit, ...(extra ? { extra } : {}), cacheFile });
    const withPrefix = (path: string) => (prefix ? `${prefix}/${path}` : path);
    const data: RelatedData = {
      target: flags.target,
      encoder: encoder.id,
      source: { ...result.source, path: withPrefix(result.source.path) },
      hits: result.hits.map((hit) => ({ ...hit, path: withPrefix(hit.path), expand: sourceReadCommand(withPrefix(hit.path), hit.start_line, hit.end_line, place) })),
    };
    return commandResult(data, relatedOutput, { root, notes });
  } finally {
    await connection.close();
  }
}

/** `file:line` (root-relative, or relative to the scope) or an `shit-*` handle from a search preview. */
function locate(db: import("better-sqlite3").Database, target: string, prefix: string, scope: string | null): { file: string; line: number } {
  if (/^shit-[0-9a-f]{12}$/.test(target)) {
    const rows = chunkStarts(db);
    for (const row of rows) {
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

const relatedOutput = defineOutput<RelatedData>({
  tool: "related",
  text: (data) => {
    const lines = [`related to ${data.source.path}:${data.source.start_line}-${data.source.end_line}${data.source.symbol ? ` (${data.source.symbol})` : ""}:`];
    if (data.hits.length === 0) lines.push("  nothing similar found");
    for (const hit of data.hits) lines.push(`  ${hit.path}:${hit.start_line}-${hit.end_line}  ${hit.score.toFixed(4)}${hit.symbol ? `  ${hit.symbol}` : ""}`);
    return lines.join("\n");
  },
  tables: [{ columns: ["rank", "path", "start_line", "end_line", "score", "symbol"], rows: (data) => data.hits.map((hit) => [hit.rank, hit.path, hit.start_line, hit.end_line, hit.score, hit.symbol]) }],
  envelope: {
    view: "report",
    summary: (data) => `${data.hits.length} chunks related to ${data.source.path}:${data.source.start_line}`,
    metrics: (data) => [
      { label: "hits", value: data.hits.length },
      { label: "encoder", value: data.encoder },
    ],
    followUp: (data) => data.hits.map((hit) => hit.expand),
  },
});
