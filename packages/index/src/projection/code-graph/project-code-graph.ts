import type Database from "better-sqlite3";
import type { GraphEdgeInput, GraphNode, GraphProjection } from "@tsift/core";
import { symbolHandle } from "../../store/symbol-handle";
import {
  CODE_GRAPH_SOURCE,
  CODE_PROJECTION_VERSION,
  CODE_PROJECTOR_REVISION,
  disambiguate,
  fileHandle,
  fileNodeId,
  moduleKey,
  moduleNodeId,
  projectionMetaId,
} from "./code-graph-ids";
import { FreshnessTable, joinSet, lineList, props, provenance } from "./code-graph-rows";
import { codeGraphSourceState, unixSeconds, type CodeGraphSourceState } from "./code-graph-watermark";

export interface ProjectCodeGraphOptions {
  /** Projection scope recorded on the `projection_meta` node; default "root". */
  scope?: string;
  /** Reuse a source state read moments ago (the refresh driver has one) instead of reading it again. */
  sourceState?: CodeGraphSourceState;
}

/** What the projection holds and what the index had that it could not project. */
export interface CodeGraphStats {
  nodes: Record<string, number>;
  edges: Record<string, number>;
  /** Call sites: projected (resolved to an indexed symbol) and skipped by resolution. */
  call_sites: { projected: number; ambiguous: number; unresolved: number };
  /** Import rows: to an indexed file, or to a module node (packages, missing files). */
  import_rows: { resolved: number; external: number };
  /** Routes whose handler names no indexed symbol (no `handled_by` edge). */
  unhandled_routes: number;
}

export interface CodeGraphProjection {
  projection: GraphProjection;
  source: CodeGraphSourceState;
  stats: CodeGraphStats;
}

type FileRow = [path: string, language: string, contentHash: string, indexedAt: string, hasErrors: number, skip: string | null];
type SymbolRow = [
  id: number,
  file: string,
  name: string,
  kind: string,
  language: string,
  line: number,
  endLine: number,
  parent: string | null,
  qualifiedName: string,
];
type CallRow = [file: string, callerId: number | null, line: number, targetId: number, resolution: string];
type ImportRow = [file: string, module: string, name: string | null, alias: string | null, line: number, kind: string, resolvedFile: string | null];
type RouteRow = [file: string, framework: string, method: string, path: string, handler: string, line: number, handlerLine: number | null];

interface SymbolInfo {
  nodeId: string;
  file: string;
  name: string;
  line: number;
  endLine: number;
}

const count = (counts: Record<string, number>, key: string, by = 1) => (counts[key] = (counts[key] ?? 0) + by);

/**
 * The traversal projection of one index.db: `file`, `symbol`, `route` and `module` nodes
 * plus a `projection_meta` node; `defines` (file → symbol), `contains` (class →
 * member), `calls` (caller → resolved callee, one edge per pair with its call-site lines
 * and resolutions), `imports` (file → file or module), `defines_route` (file → route) and
 * `handled_by` (route → handler) edges. Every row carries provenance (`tsift-index`,
 * `path:line`) and freshness (the file's content hash and indexed time, never the
 * clock), so projecting an unchanged index twice yields identical rows and hashes.
 *
 * Call sites the index could not resolve to one symbol (`ambiguous`, `unresolved`) are
 * counted in `stats`, not guessed at.
 */
export function projectCodeGraph(db: Database.Database, options: ProjectCodeGraphOptions = {}): CodeGraphProjection {
  const scope = options.scope ?? "root";
  const source = options.sourceState ?? codeGraphSourceState(db);
  const nodes: GraphNode[] = [];
  const edges: GraphEdgeInput[] = [];
  const stats: CodeGraphStats = {
    nodes: {},
    edges: {},
    call_sites: { projected: 0, ambiguous: 0, unresolved: 0 },
    import_rows: { resolved: 0, external: 0 },
    unhandled_routes: 0,
  };
  const freshness = new FreshnessTable();
  const addNode = (node: GraphNode) => {
    nodes.push(node);
    count(stats.nodes, node.kind);
  };
  const addEdge = (edge: GraphEdgeInput) => {
    edges.push(edge);
    count(stats.edges, edge.kind);
  };

  addNode({
    id: projectionMetaId(scope),
    kind: "projection_meta",
    label: CODE_PROJECTION_VERSION,
    properties: props([
      ["content_hash", source.contentHash],
      ["files", source.files],
      ["index_schema_version", source.schemaVersion],
      ["projection_version", CODE_PROJECTION_VERSION],
      ["projector_revision", CODE_PROJECTOR_REVISION],
      ["scope", scope],
      ["source", CODE_GRAPH_SOURCE],
      ["source_watermark", source.watermark],
      ["tool_version", source.toolVersion],
    ]),
    provenance: [{ source: CODE_GRAPH_SOURCE, source_ref: "index.db" }],
    freshness: { content_hash: source.contentHash, observed_at_unix: source.observedAtUnix },
  });

  const files = db.prepare("SELECT path, language, content_hash, indexed_at, has_errors, skip_reason FROM files ORDER BY path").raw().all() as FileRow[];
  for (const [path, language, contentHash, indexedAt, hasErrors, skip] of files) {
    freshness.add(path, contentHash, unixSeconds(indexedAt));
    addNode({
      id: fileNodeId(path),
      kind: "file",
      label: path,
      properties: props([
        ["handle", fileHandle(path)],
        ["has_errors", hasErrors ? "true" : null],
        ["language", language],
        ["path", path],
        ["skip_reason", skip],
      ]),
      provenance: provenance(path),
      freshness: freshness.get(path),
    });
  }

  const symbols = projectSymbols(db, freshness, addNode, addEdge);
  projectCalls(db, symbols, freshness, addEdge, stats);
  projectImports(db, freshness, addNode, addEdge, stats);
  projectRoutes(db, symbols, freshness, addNode, addEdge, stats);
  return { projection: { nodes, edges }, source, stats };
}

function projectSymbols(
  db: Database.Database,
  freshness: FreshnessTable,
  addNode: (node: GraphNode) => void,
  addEdge: (edge: GraphEdgeInput) => void,
): Map<number, SymbolInfo> {
  const rows = db
    .prepare("SELECT id, file, name, kind, language, line, end_line, parent, qualified_name FROM symbols ORDER BY file, line, id")
    .raw()
    .all() as SymbolRow[];
  const byId = new Map<number, SymbolInfo>();
  for (let start = 0; start < rows.length;) {
    const file = rows[start]![1];
    let end = start;
    while (end < rows.length && rows[end]![1] === file) end++;
    const inFile = rows.slice(start, end);
    const ids = disambiguate(
      inFile,
      (row) => `sym:${file}#${row[8]}`,
      (row) => row[3],
    );
    const fileId = fileNodeId(file);
    const fresh = freshness.get(file);
    inFile.forEach((row, i) => {
      const [id, , name, kind, language, line, endLine, , qualifiedName] = row;
      const nodeId = ids[i]!;
      byId.set(id, { nodeId, file, name, line, endLine });
      // Every property is also an indexed row in the store: only what agents filter and
      // cite is kept (the label is the qualified name, the parent a `contains` edge; the
      // end line is one `source-read` away).
      addNode({
        id: nodeId,
        kind: "symbol",
        label: qualifiedName,
        properties: {
          handle: symbolHandle(file, qualifiedName, line),
          kind,
          language,
          line: String(line),
          path: file,
          ref_id: name,
        },
        provenance: provenance(file, line),
        freshness: fresh,
      });
      // The line lives on the symbol; the edge itself needs no properties.
      addEdge({ from_id: fileId, to_id: nodeId, kind: "defines", provenance: provenance(file, line), freshness: fresh });
    });
    // A member's container is the innermost symbol of its parent's name that encloses it.
    inFile.forEach((row, i) => {
      const parent = row[7];
      if (!parent) return;
      let best = -1;
      for (let j = 0; j < inFile.length; j++) {
        const candidate = inFile[j]!;
        if (j === i || candidate[2] !== parent || candidate[5] > row[5] || candidate[6] < row[5]) continue;
        if (best < 0 || candidate[5] >= inFile[best]![5]) best = j;
      }
      if (best < 0) return;
      addEdge({ from_id: ids[best]!, to_id: ids[i]!, kind: "contains", provenance: provenance(file, row[5]), freshness: fresh });
    });
    start = end;
  }
  return byId;
}

interface MergedCall {
  from: string;
  to: string;
  file: string;
  first: number;
  lines: number[] | null;
  resolution: string;
  /** Set only when one pair's call sites were resolved in more than one way. */
  resolutions: Set<string> | null;
}

function projectCalls(
  db: Database.Database,
  symbols: Map<number, SymbolInfo>,
  freshness: FreshnessTable,
  addEdge: (edge: GraphEdgeInput) => void,
  stats: CodeGraphStats,
): void {
  for (const [resolution, n] of db.prepare("SELECT resolution, count(*) FROM calls WHERE resolved_symbol_id IS NULL GROUP BY resolution").raw().all() as [
    string,
    number,
  ][]) {
    if (resolution === "ambiguous") stats.call_sites.ambiguous += n;
    else stats.call_sites.unresolved += n;
  }
  // File order, then line: each pair's first call site is its `line`, whatever the row ids.
  const rows = db
    .prepare("SELECT file, caller_symbol_id, line, resolved_symbol_id, resolution FROM calls WHERE resolved_symbol_id IS NOT NULL ORDER BY file, line, id")
    .raw()
    .iterate() as Iterable<CallRow>;
  // One edge per (caller, callee), since the store keys edges by endpoints and kind;
  // keyed by caller node id, then callee symbol row id, to avoid a string key per call.
  const merged = new Map<string, Map<number, MergedCall>>();
  const order: MergedCall[] = [];
  for (const [file, callerId, line, targetId, resolution] of rows) {
    const target = symbols.get(targetId);
    if (!target) {
      stats.call_sites.unresolved++;
      continue;
    }
    const from = callerId === null ? fileNodeId(file) : (symbols.get(callerId)?.nodeId ?? fileNodeId(file));
    let byTarget = merged.get(from);
    if (!byTarget) merged.set(from, (byTarget = new Map()));
    const entry = byTarget.get(targetId);
    stats.call_sites.projected++;
    if (!entry) {
      const created: MergedCall = { from, to: target.nodeId, file, first: line, lines: null, resolution, resolutions: null };
      byTarget.set(targetId, created);
      order.push(created);
      continue;
    }
    (entry.lines ??= [entry.first]).push(line);
    if (resolution !== entry.resolution) (entry.resolutions ??= new Set([entry.resolution])).add(resolution);
  }
  for (const entry of order) {
    addEdge({
      from_id: entry.from,
      to_id: entry.to,
      kind: "calls",
      // `lines` only when the pair has several call sites: the common single call stays two rows.
      properties: props([
        ["line", entry.first],
        ["lines", entry.lines ? lineList(entry.lines) : null],
        ["resolution", entry.resolutions ? joinSet(entry.resolutions) : entry.resolution],
      ]),
      provenance: provenance(entry.file, entry.first),
      freshness: freshness.get(entry.file),
    });
  }
}

/** Imported names kept on one `imports` edge; the rest are summarised as `+N`. */
const MAX_IMPORT_NAMES = 24;

function projectImports(
  db: Database.Database,
  freshness: FreshnessTable,
  addNode: (node: GraphNode) => void,
  addEdge: (edge: GraphEdgeInput) => void,
  stats: CodeGraphStats,
): void {
  const rows = db
    .prepare("SELECT file, module, name, alias, line, kind, resolved_file FROM imports ORDER BY file, line, id")
    .raw()
    .iterate() as Iterable<ImportRow>;
  const merged = new Map<string, { from: string; to: string; file: string; line: number; names: Set<string>; kinds: Set<string> }>();
  const modules = new Map<string, { file: string; line: number }>();
  for (const [file, module, name, alias, line, kind, resolvedFile] of rows) {
    let to: string;
    if (resolvedFile) {
      to = fileNodeId(resolvedFile);
      stats.import_rows.resolved++;
    } else {
      const key = moduleKey(file, module);
      to = moduleNodeId(key);
      if (!modules.has(key)) modules.set(key, { file, line });
      stats.import_rows.external++;
    }
    const from = fileNodeId(file);
    const edgeKey = `${from}\0${to}`;
    let entry = merged.get(edgeKey);
    if (!entry) merged.set(edgeKey, (entry = { from, to, file, line, names: new Set(), kinds: new Set() }));
    if (name) entry.names.add(alias && alias !== name ? `${name} as ${alias}` : name);
    entry.kinds.add(kind);
  }
  for (const [key, first] of [...modules].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    addNode({
      id: moduleNodeId(key),
      kind: "module",
      label: key,
      properties: { specifier: key },
      provenance: provenance(first.file, first.line),
      freshness: freshness.get(first.file),
    });
  }
  for (const entry of merged.values()) {
    // A resolved import whose target file is not tracked would dangle: skip it.
    if (entry.to.startsWith("file:") && !freshness.get(entry.to.slice(5))) continue;
    addEdge({
      from_id: entry.from,
      to_id: entry.to,
      kind: "imports",
      properties: props([
        ["import_kind", joinSet(entry.kinds)],
        ["line", entry.line],
        ["names", joinSet(entry.names, MAX_IMPORT_NAMES)],
      ]),
      provenance: provenance(entry.file, entry.line),
      freshness: freshness.get(entry.file),
    });
  }
}

function projectRoutes(
  db: Database.Database,
  symbols: Map<number, SymbolInfo>,
  freshness: FreshnessTable,
  addNode: (node: GraphNode) => void,
  addEdge: (edge: GraphEdgeInput) => void,
  stats: CodeGraphStats,
): void {
  const rows = db.prepare("SELECT file, framework, method, path, handler, line, handler_line FROM routes ORDER BY file, line, id").raw().all() as RouteRow[];
  if (rows.length === 0) return;
  const byName = new Map<string, SymbolInfo[]>();
  for (const symbol of symbols.values()) {
    const list = byName.get(symbol.name);
    if (list) list.push(symbol);
    else byName.set(symbol.name, [symbol]);
  }
  const ids = disambiguate(
    rows,
    (row) => `route:${row[0]}#${row[2].toUpperCase()} ${row[3]}`,
    (row) => row[1],
  );
  rows.forEach(([file, framework, method, routePath, handler, line, handlerLine], i) => {
    const id = ids[i]!;
    const fresh = freshness.get(file);
    const verb = method.toUpperCase();
    addNode({
      id,
      kind: "route",
      label: `${verb} ${routePath}`,
      properties: props([
        ["framework", framework],
        ["handler", handler],
        ["handler_line", handlerLine],
        ["line", line],
        ["method", verb],
        ["path", file],
        ["route_path", routePath],
      ]),
      provenance: provenance(file, line),
      freshness: fresh,
    });
    addEdge({
      from_id: fileNodeId(file),
      to_id: id,
      kind: "defines_route",
      properties: { line: String(line) },
      provenance: provenance(file, line),
      freshness: fresh,
    });
    // The handler: the named symbol in the route's file (at handler_line when known), else the only one indexed.
    const named = byName.get(handler) ?? [];
    const local = named.filter((symbol) => symbol.file === file);
    const target = local.find((symbol) => symbol.line === handlerLine) ?? local[0] ?? (named.length === 1 ? named[0] : undefined);
    if (!target) {
      stats.unhandled_routes++;
      return;
    }
    addEdge({
      from_id: id,
      to_id: target.nodeId,
      kind: "handled_by",
      properties: props([
        ["framework", framework],
        ["method", verb],
        ["route_path", routePath],
      ]),
      provenance: provenance(file, line),
      freshness: fresh,
    });
  });
}
