import { DEFAULT_MAX_HOPS, DEFAULT_PAGE_LIMIT, GRAPH_ROWS_FORMAT, SQLITE_GRAPH_SCHEMA_VERSION } from "@tsift/core";

export const GRAPH_DB_CONTRACT_VERSION = "tsift-graph-db-v1";

/** The stable shapes `graph-db` prints; identical for every backend by construction. */
export function graphDbSchema() {
  return {
    contract_version: GRAPH_DB_CONTRACT_VERSION,
    contract_versions: { graph_db: GRAPH_DB_CONTRACT_VERSION, convex_sync: "convex-sync-v1", traverse: "tsift-traverse-v1", projection: "tsift-traversal-v1" },
    sqlite_schema_version: SQLITE_GRAPH_SCHEMA_VERSION,
    rows_format: GRAPH_ROWS_FORMAT,
    node: {
      id: "string",
      kind: "string",
      label: "string",
      "properties?": "{string: string}",
      "provenance?": "[{source, source_ref, content_hash?}]",
      "freshness?": "{content_hash?, observed_at_unix?}",
    },
    edge: {
      id: "string (edge:<sha256 of [from_id, kind, to_id]> prefix)",
      from_id: "string",
      to_id: "string",
      kind: "string",
      "properties?": "{string: string}",
      "provenance?": "[...]",
      "freshness?": "{...}",
    },
    page: {
      cursor: "string|null (exclusive)",
      limit: "number (0 = all)",
      next_cursor: "string|null",
      returned_nodes: "number",
      returned_edges: "number",
      truncated: "boolean",
      "total?": "number",
      diagnostics: "[string]",
    },
    path: { nodes: "[node id]", edges: "[edge id]", hops: "number" },
    ordering: "nodes by id and edges by edge id, in Unicode code point order",
    defaults: { limit: DEFAULT_PAGE_LIMIT, depth: 1, max_hops: DEFAULT_MAX_HOPS },
    operations: [
      { name: "status", output: "{operation, status, materialized, backend, location, counts?, projection?, recovery, next_commands}" },
      { name: "schema", output: "{schema}" },
      { name: "node <id>", output: "{node: node|null}" },
      { name: "edge <id>", output: "{edge: edge|null}" },
      { name: "edges", flags: ["--edge-kind", "--property K=V", "--cursor", "--limit"], output: "{edges, page}" },
      { name: "incident <id>", flags: ["--edge-kind", "--property K=V", "--cursor", "--limit"], output: "{edges, page}" },
      { name: "kind <kind>", flags: ["--property K=V", "--cursor", "--limit"], output: "{nodes, edges, page}" },
      {
        name: "neighborhood <id>",
        flags: ["--depth", "--direction out|in|both", "--edge-kind", "--property K=V", "--cursor", "--limit"],
        output: "{nodes, edges, depths, page, ranked_neighbors}",
      },
      { name: "path <from> <to>", flags: ["--edge-kind", "--max-hops"], output: "{from, to, path: path|null, hops: number|null, warnings}" },
      { name: "import <rows.json>", output: "{operation, refresh report}" },
      { name: "export", flags: ["--out <file>"], output: `{format: "${GRAPH_ROWS_FORMAT}", projection?, nodes, edges}` },
      {
        name: "refresh",
        flags: ["--force", "--update-index"],
        output: "{operation, status, materialized, mode, freshness, counts, delta, tombstones, phase_timings, compaction_policy, index, stats, next_commands}",
      },
      { name: "doctor", output: "{operation, status: ok|fail_closed, fail_closed, backend, checks: [{name, status, message, repair?}], repair_commands}" },
      {
        name: "compact",
        flags: ["--apply", "--prune-tombstones", "--confirmed-convex-reconciled"],
        output: "{operation, applied, plan, policy, tombstones, result, next_commands}",
      },
      {
        name: "drift",
        flags: ["--backend convex-snapshot", "--convex-snapshot <rows.json>"],
        output: "{operation, status, graph_reads_allowed, summary, problems, local, next_commands}",
      },
      {
        name: "backend-eval",
        flags: ["--candidate", "--samples", "--iterations", "--full-projection", "--history", "--append-history"],
        output: "{operation, baseline, candidates, datasets, parity, metrics, performance_gate, metric_digest_command, repeated_sample_command}",
      },
    ],
  };
}
