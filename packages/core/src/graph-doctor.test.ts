import { describe, expect, it } from "vitest";
import { evaluateGraphDoctor, type GraphDoctorFacts } from "./graph-doctor";
import { GRAPH_REQUIRED_INDEXES, SQLITE_GRAPH_SCHEMA_VERSION } from "./schema";

const commands = {
  refresh: "tsift graph-db refresh",
  rebuild: "rm .tsift/graph.db && tsift graph-db refresh",
  compact: "tsift graph-db compact --apply",
  index: "tsift index",
  resync: "tsift convex-sync",
};
const healthy: GraphDoctorFacts = {
  inspection: {
    schema_version: SQLITE_GRAPH_SCHEMA_VERSION,
    supported_schema_version: SQLITE_GRAPH_SCHEMA_VERSION,
    missing_tables: [],
    missing_indexes: [],
    orphan_edges: { count: 0, sample: [] },
    orphan_properties: 0,
    file: { page_size: 4096, page_count: 100, freelist_count: 0, size_bytes: 409600, freelist_bytes: 0, journal_mode: "wal" },
  },
  projection: { scope: "root", projection_version: "tsift-traversal-v1", content_hash: "ab".repeat(32), source_watermark: "w", observed_at_unix: 1 },
  expectedProjectionVersion: "tsift-traversal-v1",
  freshness: "current",
  counts: { nodes: 10, edges: 12, tombstones: { nodes: 0, edges: 0, total: 0 } },
};

describe("evaluateGraphDoctor", () => {
  it("passes a healthy store with every check ok", () => {
    const report = evaluateGraphDoctor(healthy, commands);
    expect(report).toMatchObject({ status: "ok", fail_closed: false, repair_commands: [] });
    expect(report.checks.every((check) => check.status === "ok")).toBe(true);
  });

  it("fails closed on a projection version mismatch, a missing hash, a missing index and orphans", () => {
    const report = evaluateGraphDoctor(
      {
        ...healthy,
        inspection: { ...healthy.inspection!, missing_indexes: ["idx_graph_edges_to_kind"], orphan_edges: { count: 2, sample: ["edge:a", "edge:b"] } },
        projection: { ...healthy.projection!, projection_version: "other", content_hash: null },
      },
      commands,
    );
    expect(report.status).toBe("fail_closed");
    const messages = report.checks.filter((check) => check.status === "fail").map((check) => check.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining("projection version mismatch"),
        "projection content hash is missing",
        "missing index idx_graph_edges_to_kind",
        expect.stringContaining("2 edge(s) reference missing nodes"),
      ]),
    );
    expect(report.repair_commands).toEqual(expect.arrayContaining([commands.refresh, commands.rebuild]));
    expect(GRAPH_REQUIRED_INDEXES).toContain("idx_graph_edges_to_kind");
  });

  it("reports a newer schema from the failed open and still returns a report", () => {
    const report = evaluateGraphDoctor(
      { openError: { code: "schema_newer", message: "graph.db schema version 999 is newer than supported version 6" } },
      commands,
    );
    expect(report.fail_closed).toBe(true);
    expect(report.checks[0]!.message).toContain("schema version 999 is newer than supported");
  });

  it("warns without failing on staleness, tombstone retention and free pages", () => {
    const report = evaluateGraphDoctor(
      {
        ...healthy,
        freshness: "stale",
        counts: { nodes: 1, edges: 1, tombstones: { nodes: 5, edges: 5, total: 10 } },
        inspection: {
          ...healthy.inspection!,
          file: { ...healthy.inspection!.file!, page_count: 1000, size_bytes: 4_096_000, freelist_count: 500, freelist_bytes: 2_048_000 },
        },
      },
      commands,
    );
    expect(report.status).toBe("ok");
    expect(
      report.checks
        .filter((check) => check.status === "warn")
        .map((check) => check.name)
        .sort(),
    ).toEqual(["compaction", "freshness", "tombstone_retention"]);
  });

  it("checks Convex snapshot problems", () => {
    const report = evaluateGraphDoctor(
      {
        convexProblems: [
          { kind: "duplicate_node", message: "duplicate node externalId x", row: "x" },
          { kind: "missing_index", message: "missing required index metadata: nodes.by_kind" },
        ],
      },
      commands,
    );
    expect(report.fail_closed).toBe(true);
    expect(report.checks.map((check) => check.message)).toEqual(
      expect.arrayContaining(["duplicate node externalId x", "missing required index metadata: nodes.by_kind"]),
    );
  });
});
