import type {
  GraphDbEdgesData,
  GraphDbImportData,
  GraphDbNeighborhoodData,
  GraphDbPageReport,
  GraphDbPathData,
  GraphDbSubgraphData,
  GraphEdge,
  GraphNode,
} from "@tsift/core";
import type { GraphDbStatusData } from "@tsift/index/code-graph";
import { defineOutput, type OutputSpec } from "../output/output-spec";

/** Page metadata every graph-db list reports (the `page` object). */
export type PageReport = GraphDbPageReport;

// graph-db data carries node properties (which may hold a `path`) and a `path` result
// object; only these keys are display paths.
const pathKeys = ["location", "out"];
const nodeLine = (node: GraphNode) => `${node.id}  [${node.kind}] ${node.label}`;
const edgeLine = (edge: GraphEdge) => `${edge.from_id} -${edge.kind}-> ${edge.to_id}  (${edge.id})`;
const moreLine = (page: PageReport) => (page.truncated ? [`(more: --cursor ${page.next_cursor})`] : []);
/** Nodes (or edges) after this page: the count when the store knows the total, else the cursor to continue from. */
const pageMore = (page: PageReport, returned: number) => {
  if (!page.truncated) return 0;
  return page.total !== undefined ? page.total - returned : `more: --cursor ${page.next_cursor}`;
};
const pageMetrics = (page: PageReport) => [
  { label: "nodes", value: page.returned_nodes },
  { label: "edges", value: page.returned_edges },
  { label: "truncated", value: page.truncated },
];
const nodesTable = { columns: ["id", "kind", "label"], rows: (data: { nodes: GraphNode[] }) => data.nodes.map((node) => [node.id, node.kind, node.label]) };
const edgesTable = {
  columns: ["from_id", "kind", "to_id", "id"],
  rows: (data: { edges: GraphEdge[] }) => data.edges.map((edge) => [edge.from_id, edge.kind, edge.to_id, edge.id]),
};

export type { GraphDbStatusData };

export const graphDbStatusOutput = defineOutput<GraphDbStatusData>({
  tool: "graph-db",
  pathKeys,
  text: (data) =>
    [
      `graph-db ${data.backend}: ${data.status} (${data.location})`,
      ...(data.counts ? [`  nodes ${data.counts.nodes}  edges ${data.counts.edges}  tombstones ${data.counts.tombstones.total}`] : []),
      ...(data.counts
        ? [
            data.projection
              ? `  projection ${data.projection.projection_version}  hash ${data.projection.content_hash ?? "-"}  watermark ${data.projection.source_watermark ?? "-"}`
              : "  no projection recorded",
          ]
        : []),
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n"),
  compact: (data) => `gdb ${data.backend} ${data.status} n:${data.counts?.nodes ?? 0} e:${data.counts?.edges ?? 0} ${data.location}`,
  envelope: {
    view: "status",
    summary: (data) => `graph-db ${data.status}`,
    metrics: (data) => [
      { label: "status", value: data.status },
      { label: "nodes", value: data.counts?.nodes ?? 0 },
      { label: "edges", value: data.counts?.edges ?? 0 },
    ],
  },
});

export const graphDbSchemaOutput = defineOutput<{ schema: unknown }>({
  tool: "graph-db",
  text: (data) => JSON.stringify(data, null, 2),
});

/** The requested id is not part of the data (`{node: null}` stays the JSON), so the spec closes over it. */
export const graphDbNodeOutput = (id: string) =>
  defineOutput<{ node: GraphNode | null }>({
    tool: "graph-db",
    text: (data) => (data.node ? JSON.stringify(data.node, null, 2) : `no node ${id}`),
    compact: (data) => (data.node ? nodeLine(data.node) : `no node ${id}`),
    tables: [{ columns: nodesTable.columns, rows: (data) => nodesTable.rows({ nodes: data.node ? [data.node] : [] }) }],
  });

export const graphDbEdgeOutput = (id: string) =>
  defineOutput<{ edge: GraphEdge | null }>({
    tool: "graph-db",
    text: (data) => (data.edge ? JSON.stringify(data.edge, null, 2) : `no edge ${id}`),
    compact: (data) => (data.edge ? edgeLine(data.edge) : `no edge ${id}`),
    tables: [{ columns: edgesTable.columns, rows: (data) => edgesTable.rows({ edges: data.edge ? [data.edge] : [] }) }],
  });

export type EdgesData = GraphDbEdgesData;

export const graphDbEdgesOutput = defineOutput<EdgesData>({
  tool: "graph-db",
  text: (data) => (data.edges.length ? [...data.edges.map(edgeLine), ...moreLine(data.page)].join("\n") : "no edges"),
  tables: [{ ...edgesTable, more: (data) => pageMore(data.page, data.page.returned_edges) }],
  envelope: {
    view: "page",
    summary: (data) => `${data.edges.length} edges${data.page.truncated ? " (more)" : ""}`,
    metrics: (data) => pageMetrics(data.page),
    truncated: (data) => data.page.truncated,
  },
});

/** `kind`, or `neighborhood` with its depths and ranked preview. */
export type SubgraphData = GraphDbSubgraphData & Partial<Pick<GraphDbNeighborhoodData, "depths" | "ranked_neighbors">>;

export const graphDbSubgraphOutput = defineOutput<SubgraphData>({
  tool: "graph-db",
  text: (data) => {
    const lines = [...data.nodes.map(nodeLine), ...data.edges.map((edge) => `  ${edgeLine(edge)}`), ...moreLine(data.page)];
    return lines.length ? lines.join("\n") : "no nodes";
  },
  tables: [{ ...nodesTable, more: (data) => pageMore(data.page, data.page.returned_nodes) }, edgesTable],
  envelope: {
    view: "page",
    summary: (data) => `${data.nodes.length} nodes, ${data.edges.length} edges${data.page.truncated ? " (more)" : ""}`,
    metrics: (data) => pageMetrics(data.page),
    truncated: (data) => data.page.truncated,
  },
});

export type PathData = GraphDbPathData;

export const graphDbPathOutput = defineOutput<PathData>({
  tool: "graph-db",
  text: (data) =>
    data.path
      ? `${data.path.nodes.join(" -> ")}  (${data.hops} hop${data.hops === 1 ? "" : "s"})`
      : `no path from ${data.from} to ${data.to} within ${data.max_hops} hops`,
  envelope: {
    view: "path",
    summary: (data) => (data.path ? `${data.hops} hops from ${data.from} to ${data.to}` : `no path from ${data.from} to ${data.to}`),
    metrics: (data) => [{ label: "hops", value: data.hops }],
  },
});

export type ImportData = GraphDbImportData;

export const graphDbImportOutput: OutputSpec<ImportData> = defineOutput<ImportData>({
  tool: "graph-db",
  pathKeys,
  text: (data) =>
    [
      `imported ${data.counts.nodes} nodes and ${data.counts.edges} edges into ${data.location}`,
      `  nodes +${data.nodes.upserted} -${data.nodes.deleted} =${data.nodes.unchanged}   edges +${data.edges.upserted} -${data.edges.deleted} =${data.edges.unchanged}   tombstones ${data.tombstones.total}`,
    ].join("\n"),
  envelope: {
    view: "import",
    summary: (data) => `imported ${data.counts.nodes} nodes and ${data.counts.edges} edges`,
    metrics: (data) => [
      { label: "nodes", value: data.counts.nodes },
      { label: "edges", value: data.counts.edges },
    ],
  },
});

export const graphDbExportOutput = defineOutput<{ operation: "export"; out: string; nodes: number; edges: number }>({
  tool: "graph-db",
  pathKeys,
  text: (data) => `exported ${data.nodes} nodes and ${data.edges} edges to ${data.out}`,
});
