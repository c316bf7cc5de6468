import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError, exportGraphRows, readGraphRowsFile, type GraphDirection, type GraphEdge, type GraphNode } from "@tsift/core";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { graphDbSchema } from "./graph-db-schema";
import { displayPath, graphDbPath, localGraphDbExists, openGraphStore, type GraphDbTarget, type OpenedGraphStore } from "./open-graph-store";

export interface PageFlags {
  cursor?: string | undefined;
  limit?: number | undefined;
  properties?: Record<string, string> | undefined;
  edgeKinds?: string[] | undefined;
}

interface PageReport {
  cursor: string | null;
  limit: number;
  next_cursor: string | null;
  returned_nodes: number;
  returned_edges: number;
  truncated: boolean;
  total?: number;
  diagnostics: string[];
}

function pageReport(flags: PageFlags, page: { nextCursor: string | null; truncated: boolean; total?: number }, nodes: number, edges: number, limit: number): PageReport {
  const diagnostics = ["cursor is exclusive and ordered by id"];
  if (page.truncated) diagnostics.push("result was truncated; pass page.next_cursor as --cursor for the next page");
  const report: PageReport = { cursor: flags.cursor ?? null, limit, next_cursor: page.nextCursor, returned_nodes: nodes, returned_edges: edges, truncated: page.truncated, diagnostics };
  if (page.total !== undefined) report.total = page.total;
  return report;
}

async function withStore(target: GraphDbTarget, body: (opened: OpenedGraphStore) => Promise<CommandResult>): Promise<CommandResult> {
  const opened = await openGraphStore(target, { readOnly: true });
  try {
    const result = await body(opened);
    if (opened.recovery) result.notes = [...(result.notes ?? []), `note: read a snapshot copy (${opened.recovery}) because another process holds the graph.db lock`];
    return result;
  } finally {
    await opened.store.close();
  }
}

function commandPrefix(target: GraphDbTarget): string {
  const parts = ["tsift graph-db", `--path ${target.root}`];
  if (target.scope) parts.push(`--scope ${target.scope}`);
  if (target.backend !== "sqlite") parts.push(`--backend ${target.backend}`);
  return parts.join(" ");
}

const nodeLine = (node: GraphNode) => `${node.id}  [${node.kind}] ${node.label}`;
const edgeLine = (edge: GraphEdge) => `${edge.from_id} -${edge.kind}-> ${edge.to_id}  (${edge.id})`;

export async function graphDbStatus(target: GraphDbTarget): Promise<CommandResult> {
  const prefix = commandPrefix(target);
  if (!localGraphDbExists(target)) {
    const data = {
      operation: "status",
      status: "missing",
      materialized: false,
      backend: target.backend,
      location: displayPath(target.root, graphDbPath(target.root, target.scope)),
      recovery: null,
      next_commands: [`${prefix} import <rows.json>`, `${prefix} schema`],
    };
    return { data, text: () => `graph-db ${data.backend}: missing (${data.location})\nnext: ${data.next_commands.join("\n      ")}` };
  }
  return withStore(target, async ({ store, location, recovery }) => {
    const counts = await store.counts();
    const projection = await store.projectionStatus(target.scope ?? "root");
    const materialized = projection !== null || counts.nodes > 0;
    const data = {
      operation: "status",
      status: materialized ? "materialized" : "empty",
      materialized,
      backend: store.backend,
      location,
      counts,
      projection,
      recovery,
      next_commands: materialized ? [`${prefix} kind <kind> --limit 20`, `${prefix} export --out rows.json`] : [`${prefix} import <rows.json>`],
    };
    return {
      data,
      text: () =>
        [
          `graph-db ${data.backend}: ${data.status} (${data.location})`,
          `  nodes ${data.counts.nodes}  edges ${data.counts.edges}  tombstones ${data.counts.tombstones.total}`,
          data.projection ? `  projection ${data.projection.projection_version}  hash ${data.projection.content_hash ?? "-"}  watermark ${data.projection.source_watermark ?? "-"}` : "  no projection recorded",
          `next: ${data.next_commands.join("\n      ")}`,
        ].join("\n"),
    };
  });
}

export function graphDbSchemaResult(): CommandResult {
  const data = { schema: graphDbSchema() };
  return { data, text: () => JSON.stringify(data, null, 2) };
}

export function graphDbNode(target: GraphDbTarget, id: string): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const node = await store.getNode(id);
    const data = { node };
    return { data, exitCode: node ? EXIT_CODES.ok : EXIT_CODES.notFound, text: () => (data.node ? JSON.stringify(data.node, null, 2) : `no node ${id}`), notes: node ? [] : [`tsift: node ${id} not found; list ids with \`${commandPrefix(target)} kind <kind>\``] };
  });
}

export function graphDbEdge(target: GraphDbTarget, id: string): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const edge = await store.getEdge(id);
    const data = { edge };
    return { data, exitCode: edge ? EXIT_CODES.ok : EXIT_CODES.notFound, text: () => (data.edge ? JSON.stringify(data.edge, null, 2) : `no edge ${id}`) };
  });
}

function edgesText(data: { edges: GraphEdge[]; page: PageReport }): string {
  const lines = data.edges.map(edgeLine);
  if (data.page.truncated) lines.push(`(more: --cursor ${data.page.next_cursor})`);
  return lines.length ? lines.join("\n") : "no edges";
}

export function graphDbEdges(target: GraphDbTarget, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.scanEdges({ kinds: flags.edgeKinds, properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    const limit = flags.limit ?? 100;
    const data = { edges: page.items, page: pageReport(flags, page, 0, page.items.length, limit) };
    return { data, text: () => edgesText(data) };
  });
}

export function graphDbIncident(target: GraphDbTarget, id: string, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.incidentEdges(id, { kinds: flags.edgeKinds, properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    const data = { edges: page.items, page: pageReport(flags, page, 0, page.items.length, flags.limit ?? 100) };
    return { data, text: () => edgesText(data) };
  });
}

function subgraphText(data: { nodes: GraphNode[]; edges: GraphEdge[]; page: PageReport }): string {
  const lines = [...data.nodes.map(nodeLine), ...data.edges.map((edge) => `  ${edgeLine(edge)}`)];
  if (data.page.truncated) lines.push(`(more: --cursor ${data.page.next_cursor})`);
  return lines.length ? lines.join("\n") : "no nodes";
}

export function graphDbKind(target: GraphDbTarget, kind: string, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.nodesByKind(kind, { properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    const edges = await store.edgesBetweenNodes(page.items.map((node) => node.id));
    const data = { nodes: page.items, edges, page: pageReport(flags, page, page.items.length, edges.length, flags.limit ?? 100) };
    return { data, text: () => subgraphText(data) };
  });
}

export function graphDbNeighborhood(target: GraphDbTarget, id: string, flags: PageFlags & { depth?: number | undefined; direction?: GraphDirection | undefined }): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const result = await store.neighborhood(id, {
      depth: flags.depth,
      direction: flags.direction,
      edgeKinds: flags.edgeKinds,
      properties: flags.properties,
      cursor: flags.cursor ?? null,
      limit: flags.limit,
    });
    const page = pageReport(flags, result.page, result.nodes.length, result.edges.length, flags.limit ?? 100);
    const data = { nodes: result.nodes, edges: result.edges, depths: result.depths, page };
    return { data, text: () => subgraphText(data) };
  });
}

export function graphDbShortestPath(target: GraphDbTarget, from: string, to: string, flags: { edgeKinds?: string[] | undefined; maxHops?: number | undefined }): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const result = await store.shortestPath(from, to, { edgeKinds: flags.edgeKinds, maxHops: flags.maxHops });
    const data = { from, to, path: result.path, hops: result.path?.hops ?? null, max_hops: result.maxHops, warnings: result.warnings };
    return {
      data,
      notes: result.warnings.map((warning) => `warning: ${warning}`),
      text: () => (data.path ? `${data.path.nodes.join(" -> ")}  (${data.hops} hop${data.hops === 1 ? "" : "s"})` : `no path from ${from} to ${to} within ${data.max_hops} hops`),
    };
  });
}

export async function graphDbImport(target: GraphDbTarget, file: string): Promise<CommandResult> {
  const rows = await readGraphRowsFile(resolve(target.root, file));
  const opened = await openGraphStore(target, { readOnly: false });
  try {
    const report = await opened.store.replaceProjection(rows.projection, {
      scope: target.scope ?? "root",
      ...(rows.metadata.projection_version ? { projectionVersion: rows.metadata.projection_version } : {}),
      ...(rows.metadata.source_watermark ? { sourceWatermark: rows.metadata.source_watermark } : {}),
    });
    const data = { operation: "import", source_format: rows.format, backend: opened.store.backend, location: opened.location, ...report };
    return {
      data,
      text: () =>
        [
          `imported ${data.counts.nodes} nodes and ${data.counts.edges} edges into ${data.location}`,
          `  nodes +${data.nodes.upserted} -${data.nodes.deleted} =${data.nodes.unchanged}   edges +${data.edges.upserted} -${data.edges.deleted} =${data.edges.unchanged}   tombstones ${data.tombstones.total}`,
        ].join("\n"),
    };
  } finally {
    await opened.store.close();
  }
}

export function graphDbExport(target: GraphDbTarget, out: string | undefined): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const document = await exportGraphRows(store, target.scope ?? "root");
    if (!out) return { data: document };
    const path = resolve(target.root, out);
    try {
      await writeFile(path, `${JSON.stringify(document)}\n`);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    const data = { operation: "export", out: displayPath(target.root, path), nodes: document.nodes.length, edges: document.edges.length };
    return { data, text: () => `exported ${data.nodes} nodes and ${data.edges} edges to ${data.out}` };
  });
}
