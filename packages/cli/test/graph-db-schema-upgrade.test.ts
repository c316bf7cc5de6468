import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQLITE_GRAPH_SCHEMA_VERSION } from "@tsift/core";
import { afterAll, describe, expect, it } from "vitest";
import { spawnTsift, type JsonObject } from "./helpers";

// The real driver, to write a graph.db the way an earlier tsift did; tsift's own code never runs here.
const Database = createRequire(import.meta.url)("better-sqlite3") as typeof import("better-sqlite3");

/**
 * A graph.db written by an earlier tsift (schema version 6: property rows keyed by
 * owner, plus their (key, value, owner) indexes) is refused with the forced rebuild as
 * the next command, and that command replaces it with a current file.
 */

const V6_SCHEMA = `
  CREATE TABLE graph_nodes (id TEXT NOT NULL PRIMARY KEY, kind TEXT NOT NULL, label TEXT NOT NULL, properties_json TEXT NOT NULL DEFAULT '{}',
    provenance_json TEXT NOT NULL DEFAULT '[]', freshness_json TEXT, row_hash TEXT, source_watermark TEXT) WITHOUT ROWID;
  CREATE INDEX idx_graph_nodes_kind ON graph_nodes(kind);
  CREATE INDEX idx_graph_nodes_kind_label ON graph_nodes(kind, label);
  CREATE TABLE graph_edges (edge_key TEXT NOT NULL PRIMARY KEY, from_id TEXT NOT NULL REFERENCES graph_nodes(id) ON DELETE CASCADE,
    to_id TEXT NOT NULL REFERENCES graph_nodes(id) ON DELETE CASCADE, kind TEXT NOT NULL, properties_json TEXT NOT NULL DEFAULT '{}',
    provenance_json TEXT NOT NULL DEFAULT '[]', freshness_json TEXT, row_hash TEXT, source_watermark TEXT) WITHOUT ROWID;
  CREATE INDEX idx_graph_edges_from_kind ON graph_edges(from_id, kind);
  CREATE INDEX idx_graph_edges_to_kind ON graph_edges(to_id, kind);
  CREATE INDEX idx_graph_edges_kind ON graph_edges(kind);
  CREATE TABLE graph_node_properties (node_id TEXT NOT NULL REFERENCES graph_nodes(id) ON DELETE CASCADE, key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (node_id, key)) WITHOUT ROWID;
  CREATE INDEX idx_graph_node_properties_key_value_node ON graph_node_properties(key, value, node_id);
  CREATE TABLE graph_edge_properties (edge_key TEXT NOT NULL REFERENCES graph_edges(edge_key) ON DELETE CASCADE, key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (edge_key, key)) WITHOUT ROWID;
  CREATE INDEX idx_graph_edge_properties_key_value_edge ON graph_edge_properties(key, value, edge_key);
  CREATE TABLE graph_projection_versions (scope TEXT NOT NULL PRIMARY KEY, projection_version TEXT NOT NULL, content_hash TEXT,
    source_watermark TEXT, observed_at_unix INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE graph_tombstones (row_key TEXT NOT NULL PRIMARY KEY, row_kind TEXT NOT NULL CHECK (row_kind IN ('node', 'edge')),
    deleted_at_unix INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO graph_nodes (id, kind, label, properties_json) VALUES ('file:old.ts', 'file', 'old.ts', '{"path":"old.ts"}');
  INSERT INTO graph_node_properties (node_id, key, value) VALUES ('file:old.ts', 'path', 'old.ts');
  INSERT INTO graph_projection_versions VALUES ('root', 'tsift-code-v1', 'x', 'w', 1);
  PRAGMA user_version = 6;
`;

const work = realpathSync(mkdtempSync(join(tmpdir(), "tsift-cli-schema-upgrade-")));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a graph.db from an earlier schema version", () => {
  it("is refused naming refresh --force, which rebuilds it at the current version and keeps the old file", () => {
    expect(SQLITE_GRAPH_SCHEMA_VERSION).toBeGreaterThan(6);
    for (let f = 0; f < 3; f++) writeFileSync(join(work, `m${f}.ts`), `export function f${f}(): number {\n  return ${f};\n}\n`);
    expect(spawnTsift(work, ["index"]).code).toBe(0);
    mkdirSync(join(work, ".tsift"), { recursive: true });
    const old = new Database(join(work, ".tsift", "graph.db"));
    old.exec(V6_SCHEMA);
    old.close();

    const status = spawnTsift(work, ["graph-db", "status", "--json"]);
    expect(status.code, status.err).toBe(6);
    expect(status.err).toMatch(/schema version 6 is older than supported version/u);
    const refresh = spawnTsift(work, ["graph-db", "refresh"]);
    expect(refresh.code, refresh.err).toBe(6);
    expect(refresh.err).toMatch(/next: .*tsift graph-db refresh --force/u);

    const rebuilt = spawnTsift(work, ["graph-db", "refresh", "--force"]);
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(readdirSync(join(work, ".tsift")).filter((name) => /^graph\.db\.corrupt-\d{8}T\d{6}Z$/u.test(name))).toHaveLength(1);
    const current = new Database(join(work, ".tsift", "graph.db"), { readonly: true });
    try {
      expect(current.pragma("user_version", { simple: true })).toBe(SQLITE_GRAPH_SCHEMA_VERSION);
      expect(current.prepare("SELECT count(*) AS n FROM graph_nodes WHERE id = 'file:old.ts'").get()).toEqual({ n: 0 });
      const count = (sql: string) => (current.prepare(sql).get() as { n: number }).n;
      const owners = count("SELECT count(*) AS n FROM graph_nodes WHERE json_extract(properties_json, '$.path') = 'm1.ts'");
      expect(owners).toBeGreaterThan(0);
      expect(count("SELECT count(*) AS n FROM graph_node_properties WHERE key = 'path' AND value = 'm1.ts'")).toBe(owners);
    } finally {
      current.close();
    }
    const doctor = spawnTsift(work, ["graph-db", "doctor", "--json"]);
    expect(doctor.code, doctor.err).toBe(0);
    expect((JSON.parse(doctor.out) as JsonObject).fail_closed).toBe(false);
  });
});
