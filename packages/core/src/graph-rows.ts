import { readFile } from "node:fs/promises";
import { toConvexRows, validateConvexSnapshot, type ConvexProjectionMetadata, type ConvexProjectionRows } from "./convex-snapshot";
import { TsiftError } from "./errors";
import type { GraphStore } from "./graph-store";
import type { GraphEdge, GraphNode, GraphProjection } from "./graph-types";
import { normalizeEdge, normalizeNode } from "./rows";

/** The provider-neutral rows file: what `graph-db export` writes and `graph-db import` reads. */
export const GRAPH_ROWS_FORMAT = "tsift-graph-rows/v1";

export interface GraphRowsMetadata {
  scope?: string;
  projection_version?: string;
  content_hash?: string | null;
  source_watermark?: string | null;
}

export interface GraphRowsDocument {
  format: typeof GRAPH_ROWS_FORMAT;
  projection?: GraphRowsMetadata;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface ParsedGraphRows {
  projection: GraphProjection;
  metadata: GraphRowsMetadata;
  /** "tsift-graph-rows/v1" or "convex-snapshot". */
  format: string;
}

/**
 * Reads either tsift's own rows format or a Convex `nodes`/`edges` snapshot, validating
 * every row; a broken file fails closed naming the first problem.
 */
export function parseGraphRows(raw: unknown, source = "<rows>"): ParsedGraphRows {
  const document = raw as Partial<GraphRowsDocument> & { nodes?: unknown[]; edges?: unknown[] };
  if (
    document &&
    typeof document === "object" &&
    Array.isArray(document.nodes) &&
    document.nodes.some((row) => row && typeof row === "object" && "externalId" in row)
  ) {
    const validation = validateConvexSnapshot(raw);
    if (!validation.ok) {
      throw new TsiftError("corrupt_data", `${source}: ${validation.problems[0]!.message}`, { details: { source, problems: validation.problems } });
    }
    const meta = (raw as { projection?: { scope?: string; projectionVersion?: string; projectionHash?: string; sourceWatermark?: string } }).projection;
    const metadata: GraphRowsMetadata = {};
    if (meta?.scope) metadata.scope = meta.scope;
    if (meta?.projectionVersion) metadata.projection_version = meta.projectionVersion;
    if (meta?.sourceWatermark) metadata.source_watermark = meta.sourceWatermark;
    return { projection: { nodes: validation.nodes, edges: validation.edges }, metadata, format: "convex-snapshot" };
  }
  if (!document || typeof document !== "object" || document.format !== GRAPH_ROWS_FORMAT || !Array.isArray(document.nodes) || !Array.isArray(document.edges)) {
    throw new TsiftError(
      "invalid_input",
      `${source} is not a graph rows file: expected {"format": "${GRAPH_ROWS_FORMAT}", "nodes": [...], "edges": [...]} or a Convex snapshot`,
      {
        details: { source },
      },
    );
  }
  const wrap = <T>(what: string, index: number, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      throw new TsiftError("invalid_input", `${source}: ${what} ${index}: ${(error as Error).message}`, { cause: error, details: { source, index } });
    }
  };
  const nodes = document.nodes.map((row, i) => wrap("node", i, () => normalizeNode(row as GraphNode)));
  const edges = document.edges.map((row, i) => wrap("edge", i, () => normalizeEdge(row as GraphEdge)));
  return { projection: { nodes, edges }, metadata: document.projection ?? {}, format: GRAPH_ROWS_FORMAT };
}

/**
 * What `graph-db drift` compares with the local projection: a Convex snapshot as it is, or a
 * `tsift-graph-rows/v1` export (what `graph-db export` writes) as the Convex rows it stands
 * for, so drift says what the export lacks or has extra. An export records no Convex index
 * metadata, so the rows it stands for carry the required indexes and none is reported
 * missing; its projection metadata is kept for the staleness check.
 */
export function driftSnapshotOf(raw: unknown, source = "<rows>"): { snapshot: unknown; format: "convex-snapshot" | typeof GRAPH_ROWS_FORMAT } {
  if (!raw || typeof raw !== "object" || (raw as { format?: unknown }).format !== GRAPH_ROWS_FORMAT) return { snapshot: raw, format: "convex-snapshot" };
  const { projection, metadata } = parseGraphRows(raw, source);
  const meta: ConvexProjectionMetadata = {};
  if (metadata.scope) meta.scope = metadata.scope;
  if (metadata.projection_version) meta.projectionVersion = metadata.projection_version;
  if (metadata.content_hash) meta.projectionHash = metadata.content_hash;
  if (metadata.source_watermark) meta.sourceWatermark = metadata.source_watermark;
  const rows: ConvexProjectionRows = toConvexRows(projection, Object.keys(meta).length > 0 ? meta : undefined);
  return { snapshot: rows, format: GRAPH_ROWS_FORMAT };
}

export async function readGraphRowsFile(path: string): Promise<ParsedGraphRows> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TsiftError(code === "ENOENT" ? "not_found" : "io_error", `cannot read rows file ${path}: ${(error as Error).message}`, {
      cause: error,
      details: { path },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new TsiftError("invalid_input", `${path} is not valid JSON: ${(error as Error).message}`, { cause: error, details: { path } });
  }
  return parseGraphRows(raw, path);
}

const EXPORT_PAGE = 5000;

/** Every row of a store in id order, paged so a large graph never needs one huge query. */
export async function exportGraphRows(store: GraphStore, scope = "root"): Promise<GraphRowsDocument> {
  const nodes: GraphNode[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await store.scanNodes({ cursor, limit: EXPORT_PAGE });
    nodes.push(...page.items);
    if (!page.truncated) break;
    cursor = page.nextCursor;
  }
  const edges: GraphEdge[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await store.scanEdges({ cursor, limit: EXPORT_PAGE });
    edges.push(...page.items);
    if (!page.truncated) break;
    cursor = page.nextCursor;
  }
  const status = await store.projectionStatus(scope);
  const document: GraphRowsDocument = { format: GRAPH_ROWS_FORMAT, nodes, edges };
  if (status) {
    document.projection = {
      scope,
      projection_version: status.projection_version,
      content_hash: status.content_hash,
      source_watermark: status.source_watermark,
    };
  }
  return document;
}
