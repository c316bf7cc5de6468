import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError, exportGraphRows, rankNeighbors, readGraphRowsFile, type GraphDirection } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import {
  graphDbEdgeOutput,
  graphDbEdgesOutput,
  graphDbExportOutput,
  graphDbImportOutput,
  graphDbNodeOutput,
  graphDbPathOutput,
  graphDbSchemaOutput,
  graphDbStatusOutput,
  graphDbSubgraphOutput,
  type GraphDbStatusData,
  type PageReport,
} from "./graph-db-output";
import { graphDbFreshness, type GraphDbFreshness } from "./graph-db-freshness";
import { graphDbDisplay, graphDbPlace, graphDbPrefix } from "./graph-db-context";
import { graphDbSchema } from "./graph-db-schema";
import { displayPath, localGraphDbExists, openGraphStore, type GraphDbTarget, type OpenedGraphStore } from "./open-graph-store";

export interface PageFlags {
  cursor?: string | undefined;
  limit?: number | undefined;
  properties?: Record<string, string> | undefined;
  edgeKinds?: string[] | undefined;
}

function pageReport(
  flags: PageFlags,
  page: { nextCursor: string | null; truncated: boolean; total?: number },
  nodes: number,
  edges: number,
  limit: number,
): PageReport {
  const diagnostics = ["cursor is exclusive and ordered by id"];
  if (page.truncated) diagnostics.push("result was truncated; pass page.next_cursor as --cursor for the next page");
  const report: PageReport = {
    cursor: flags.cursor ?? null,
    limit,
    next_cursor: page.nextCursor,
    returned_nodes: nodes,
    returned_edges: edges,
    truncated: page.truncated,
    diagnostics,
  };
  if (page.total !== undefined) report.total = page.total;
  return report;
}

async function withStore<D>(
  target: GraphDbTarget,
  body: (opened: OpenedGraphStore, freshness: () => Promise<GraphDbFreshness>) => Promise<CommandResult<D>>,
): Promise<CommandResult<D>> {
  const opened = await openGraphStore(target, { readOnly: true });
  try {
    // Read at most once per command: status reports it, every read notes a stale one.
    let checked: Promise<GraphDbFreshness> | undefined;
    const freshness = () => (checked ??= graphDbFreshness(target, opened.store));
    const result = await body(opened, freshness);
    if (opened.recovery)
      result.notes = [...(result.notes ?? []), `note: read a snapshot copy (${opened.recovery}) because another process holds the graph.db lock`];
    // Reads answer from graph.db as it is; a projection trailing its index says how to refresh.
    const { note } = await freshness();
    if (note) result.notes = [...(result.notes ?? []), note];
    return { ...result, root: target.root };
  } finally {
    await opened.store.close();
  }
}

export async function graphDbStatus(target: GraphDbTarget): Promise<CommandResult<GraphDbStatusData>> {
  const { graphDbStatus: statusOf } = await import("@tsift/index/code-graph");
  if (!localGraphDbExists(target)) {
    const data = await statusOf(null, null, graphDbPlace(target), { opened: { location: graphDbDisplay(target), recovery: null } });
    return commandResult(data, graphDbStatusOutput, { root: target.root });
  }
  return withStore(target, async (opened, checkFreshness) => {
    const data = await statusOf(opened.store, null, graphDbPlace(target), { opened, freshness: async () => (await checkFreshness()).state });
    return commandResult(data, graphDbStatusOutput);
  });
}

export function graphDbSchemaResult(): CommandResult {
  return commandResult({ schema: graphDbSchema() }, graphDbSchemaOutput);
}

export function graphDbNode(target: GraphDbTarget, id: string): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const node = await store.getNode(id);
    return commandResult({ node }, graphDbNodeOutput(id), {
      exitCode: node ? EXIT_CODES.ok : EXIT_CODES.notFound,
      notes: node ? [] : [`tsift: node ${id} not found; list ids with \`${graphDbPrefix(target)} kind <kind>\``],
    });
  });
}

export function graphDbEdge(target: GraphDbTarget, id: string): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const edge = await store.getEdge(id);
    return commandResult({ edge }, graphDbEdgeOutput(id), { exitCode: edge ? EXIT_CODES.ok : EXIT_CODES.notFound });
  });
}

export function graphDbEdges(target: GraphDbTarget, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.scanEdges({ kinds: flags.edgeKinds, properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    return commandResult({ edges: page.items, page: pageReport(flags, page, 0, page.items.length, flags.limit ?? 100) }, graphDbEdgesOutput);
  });
}

export function graphDbIncident(target: GraphDbTarget, id: string, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.incidentEdges(id, { kinds: flags.edgeKinds, properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    return commandResult({ edges: page.items, page: pageReport(flags, page, 0, page.items.length, flags.limit ?? 100) }, graphDbEdgesOutput);
  });
}

export function graphDbKind(target: GraphDbTarget, kind: string, flags: PageFlags): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const page = await store.nodesByKind(kind, { properties: flags.properties, cursor: flags.cursor ?? null, limit: flags.limit });
    const edges = await store.edgesBetweenNodes(page.items.map((node) => node.id));
    return commandResult(
      { nodes: page.items, edges, page: pageReport(flags, page, page.items.length, edges.length, flags.limit ?? 100) },
      graphDbSubgraphOutput,
    );
  });
}

export function graphDbNeighborhood(
  target: GraphDbTarget,
  id: string,
  flags: PageFlags & { depth?: number | undefined; direction?: GraphDirection | undefined },
): Promise<CommandResult> {
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
    const ranked_neighbors = rankNeighbors(id, result.nodes, result.edges, result.depths);
    return commandResult({ nodes: result.nodes, edges: result.edges, depths: result.depths, page, ranked_neighbors }, graphDbSubgraphOutput);
  });
}

export function graphDbShortestPath(
  target: GraphDbTarget,
  from: string,
  to: string,
  flags: { edgeKinds?: string[] | undefined; maxHops?: number | undefined },
): Promise<CommandResult> {
  return withStore(target, async ({ store }) => {
    const result = await store.shortestPath(from, to, { edgeKinds: flags.edgeKinds, maxHops: flags.maxHops });
    const data = { from, to, path: result.path, hops: result.path?.hops ?? null, max_hops: result.maxHops, warnings: result.warnings };
    return commandResult(data, graphDbPathOutput, { notes: result.warnings.map((warning) => `warning: ${warning}`) });
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
    const data = { operation: "import" as const, source_format: rows.format, backend: opened.store.backend, location: opened.location, ...report };
    return commandResult(data, graphDbImportOutput, { root: target.root });
  } finally {
    await opened.store.close();
  }
}

export function graphDbExport(target: GraphDbTarget, out: string | undefined): Promise<CommandResult> {
  return withStore(target, async ({ store }): Promise<CommandResult> => {
    const document = await exportGraphRows(store, target.scope ?? "root");
    // Rows on stdout are machine data: JSON in every mode, no spec.
    if (!out) return { data: document };
    const path = resolve(target.root, out);
    try {
      await writeFile(path, `${JSON.stringify(document)}\n`);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, {
        cause: error,
        hint: "check that the --out directory exists and is writable",
      });
    }
    return commandResult(
      { operation: "export" as const, out: displayPath(target.root, path), nodes: document.nodes.length, edges: document.edges.length },
      graphDbExportOutput,
    );
  });
}
