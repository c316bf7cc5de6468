/**
 * The one graph.db schema, shared by every SQL backend (better-sqlite3 and libSQL
 * open the same file). Stored in `PRAGMA user_version`; a file from a newer schema
 * fails closed. Version 6 followed the earlier v5 layout (docs/adr/0003) with stable
 * edge keys as the clustered primary key; version 7 (docs/adr/0004) clusters property
 * rows by (key, value, owner) and drops the indexes no read used.
 */
export const SQLITE_GRAPH_SCHEMA_VERSION = 7;

/** WAL pages before an automatic checkpoint: small, so readers never chase a huge WAL. */
export const SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES = 256;

/** Default hop cap for path searches. */
export const DEFAULT_MAX_HOPS = 64;

/** Default page size for scans. */
export const DEFAULT_PAGE_LIMIT = 100;

// WITHOUT ROWID tables cluster rows by their key and append that key to every
// secondary index, so (from_id, kind) is physically (from_id, kind, edge_key) and
// (kind) is (kind, id): scans paged by key need no sort. Property rows are clustered by
// (key, value, owner), the order every property filter reads them in, so they need no
// second index; they have no foreign key either, since nothing looks them up by owner
// (writes delete them by their full key, from the owner's properties_json).
export const GRAPH_SCHEMA_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS graph_nodes (
    id TEXT NOT NULL PRIMARY KEY,
    kind TEXT NOT NULL,
    label TEXT NOT NULL,
    properties_json TEXT NOT NULL DEFAULT '{}',
    provenance_json TEXT NOT NULL DEFAULT '[]',
    freshness_json TEXT,
    row_hash TEXT,
    source_watermark TEXT
  ) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS idx_graph_nodes_kind ON graph_nodes(kind)`,
  `CREATE TABLE IF NOT EXISTS graph_edges (
    edge_key TEXT NOT NULL PRIMARY KEY,
    from_id TEXT NOT NULL REFERENCES graph_nodes(id) ON DELETE CASCADE,
    to_id TEXT NOT NULL REFERENCES graph_nodes(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    properties_json TEXT NOT NULL DEFAULT '{}',
    provenance_json TEXT NOT NULL DEFAULT '[]',
    freshness_json TEXT,
    row_hash TEXT,
    source_watermark TEXT
  ) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS idx_graph_edges_from_kind ON graph_edges(from_id, kind)`,
  `CREATE INDEX IF NOT EXISTS idx_graph_edges_to_kind ON graph_edges(to_id, kind)`,
  `CREATE INDEX IF NOT EXISTS idx_graph_edges_kind ON graph_edges(kind)`,
  `CREATE TABLE IF NOT EXISTS graph_node_properties (
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    node_id TEXT NOT NULL,
    PRIMARY KEY (key, value, node_id)
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS graph_edge_properties (
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    edge_key TEXT NOT NULL,
    PRIMARY KEY (key, value, edge_key)
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS graph_projection_versions (
    scope TEXT NOT NULL PRIMARY KEY,
    projection_version TEXT NOT NULL,
    content_hash TEXT,
    source_watermark TEXT,
    observed_at_unix INTEGER NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS graph_tombstones (
    row_key TEXT NOT NULL PRIMARY KEY,
    row_kind TEXT NOT NULL CHECK (row_kind IN ('node', 'edge')),
    deleted_at_unix INTEGER NOT NULL
  ) WITHOUT ROWID`,
];

export const GRAPH_TABLES: readonly string[] = [
  "graph_nodes",
  "graph_edges",
  "graph_node_properties",
  "graph_edge_properties",
  "graph_projection_versions",
  "graph_tombstones",
];

/** Indexes `doctor` requires; a missing one fails closed. */
export const GRAPH_REQUIRED_INDEXES: readonly string[] = [
  "idx_graph_nodes_kind",
  "idx_graph_edges_from_kind",
  "idx_graph_edges_to_kind",
  "idx_graph_edges_kind",
];

export function newerSchemaMessage(found: number, file?: string): string {
  const where = file ? ` (${file})` : "";
  return `graph.db schema version ${found} is newer than supported version ${SQLITE_GRAPH_SCHEMA_VERSION}${where}; upgrade tsift to read it`;
}

export function olderSchemaMessage(found: number, file?: string): string {
  const where = file ? ` (${file})` : "";
  return `graph.db schema version ${found} is older than supported version ${SQLITE_GRAPH_SCHEMA_VERSION}${where}; it is a rebuildable projection: delete it and run \`tsift graph-db refresh\``;
}
