import Database from "better-sqlite3";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_TREE, graphDb, graphDbInProcess, indexedProject, sym } from "./graph-db-helpers";

/**
 * The graph-db conformance fixture through the CLI, unchanged on both SQL backends: the
 * same project, projection and answers whether graph.db is written by better-sqlite3
 * or by libSQL. The commands run in-process the way the built binary routes them; the schema
 * case runs the compiled binary on both backends, proving it answers the same.
 */
describe.each(["sqlite", "libsql"] as const)("graph-db conformance on %s", (backend) => {
  const root = indexedProject(CONFORMANCE_TREE);
  const gdb = (...argv: string[]) => graphDbInProcess(root, backend, ...argv);
  let refreshed: Record<string, unknown> & { counts: { nodes: number; edges: number } };

  it("reports a missing graph.db before any refresh, with the refresh command next", async () => {
    const status = await gdb("status");
    expect(status.code).toBe(0);
    expect(status.json()).toMatchObject({ operation: "status", status: "missing", materialized: false });
    expect(status.json().next_commands.join("\n")).toMatch(/graph-db .*refresh/);
    const read = await gdb("kind", "symbol");
    expect(read.code).toBe(3);
    expect(read.err).toContain("refresh");
  });

  it("refreshes the code projection, then reuses it while the index is unchanged", async () => {
    const cold = await gdb("refresh");
    expect(cold.code, cold.err).toBe(0);
    refreshed = cold.json() as typeof refreshed;
    expect(refreshed).toMatchObject({
      operation: "refresh",
      status: "current",
      materialized: true,
      mode: "cold_source_graph_rebuild",
      freshness: { projection_version: "tsift-traversal-v1" },
      counts: { tombstones: { total: 0 } },
      delta: { nodes: { deleted: 0, unchanged: 0 } },
      compaction_policy: { tombstone_retention: "retain_until_convex_reconciled" },
    });
    const json = cold.json();
    expect(json.freshness.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(json.freshness.source_watermark).toMatch(/^[0-9a-f]{64}$/);
    expect(json.counts.nodes).toBeGreaterThan(0);
    expect(json.counts.edges).toBeGreaterThan(0);
    expect(json.delta.nodes.upserted).toBe(json.counts.nodes);
    expect(json.phase_timings.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["source_watermark", "source_graph_build", "write_nodes", "write_edges"]),
    );
    const next = json.next_commands.join("\n");
    expect(next).toContain("doctor");
    expect(next).toContain("drift");
    expect(next).toContain("convex-sync");

    const again = (await gdb("refresh")).json();
    expect(again).toMatchObject({ mode: "cached_source_watermark_reuse", counts: json.counts, freshness: { content_hash: json.freshness.content_hash } });
    expect(again.phase_timings.map((p: { name: string }) => p.name)).not.toContain("source_graph_build");
  });

  it("reports status without refreshing, with the refresh's counts", async () => {
    expect((await gdb("status")).json()).toMatchObject({
      operation: "status",
      status: "current",
      materialized: true,
      counts: { nodes: refreshed.counts.nodes, edges: refreshed.counts.edges },
    });
  });

  it("pages a property-filtered kind scan by id with an exclusive cursor", async () => {
    const first = (await gdb("kind", "symbol", "--property", "path=main.rs", "--limit", "2")).json();
    const ids = first.nodes.map((node: { id: string }) => node.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual([sym("alpha"), sym("beta")]);
    expect(first.page).toMatchObject({ truncated: true, next_cursor: ids[1], returned_nodes: 2 });
    const second = (await gdb("kind", "symbol", "--property", "path=main.rs", "--limit", "2", "--cursor", first.page.next_cursor)).json();
    expect(second.nodes.map((node: { id: string }) => node.id)).toEqual([sym("bridge"), sym("gamma")]);
    expect((await gdb("kind", "symbol", "--property", "ref_id=helper")).json().nodes).toHaveLength(1);
  });

  it("reads one node, and exits 3 with null for a missing one", async () => {
    const node = (await gdb("node", sym("main"))).json().node;
    expect(node).toMatchObject({
      id: sym("main"),
      kind: "symbol",
      label: "main",
      properties: { ref_id: "main", path: "main.rs", line: "1", kind: "function", language: "rust" },
    });
    expect(node.properties.handle).toMatch(/^gsym-[0-9a-f]{12}$/);
    const missing = await gdb("node", "nope");
    expect(missing.code).toBe(3);
    expect(missing.json()).toEqual({ node: null });
  });

  it("finds the shortest call path, and neighborhoods deterministically with a ranked preview", async () => {
    const path = (await gdb("path", sym("main"), sym("helper"), "--edge-kind", "calls")).json();
    expect(path.path.nodes).toEqual([sym("main"), sym("bridge"), sym("shared"), sym("helper")]);
    expect(path.hops).toBe(3);
    const hood = await gdb("neighborhood", sym("main"), "--depth", "3", "--edge-kind", "calls", "--limit", "20");
    const again = await gdb("neighborhood", sym("main"), "--depth", "3", "--edge-kind", "calls", "--limit", "20");
    expect(hood.out).toBe(again.out);
    const json = hood.json();
    expect(json.nodes.map((n: { id: string }) => n.id)).toEqual(["alpha", "beta", "bridge", "gamma", "helper", "main", "shared"].map((n) => sym(n)));
    expect(json.edges).toHaveLength(7);
    expect(json.page).toMatchObject({ truncated: false, returned_nodes: 7 });
    expect(json.ranked_neighbors.length).toBeGreaterThan(0);
    expect(json.ranked_neighbors.length).toBeLessThanOrEqual(8);
    expect(json.ranked_neighbors[0]).toMatchObject({ depth: 1, via: "calls" });
  });

  it("serves the same schema as every other backend, the compiled binary as the in-process route", async () => {
    const schema = (await gdb("schema")).json();
    expect((await graphDbInProcess(root, backend === "sqlite" ? "libsql" : "sqlite", "schema")).json()).toEqual(schema);
    const compiled = graphDb(root, backend, "schema");
    expect({ code: compiled.code, out: compiled.out, err: compiled.err }).toEqual({ code: 0, out: (await gdb("schema")).out, err: "" });
    expect(schema.schema.contract_versions.projection).toBe("tsift-traversal-v1");
  });

  it("passes doctor on a fresh projection", async () => {
    const doctor = await gdb("doctor");
    expect(doctor.code, doctor.err).toBe(0);
    const json = doctor.json();
    expect(json).toMatchObject({ status: "ok", fail_closed: false });
    expect(json.checks.every((check: { status: string }) => check.status === "ok")).toBe(true);
  });

  it("rolls a failed refresh back: readers keep the old projection", async () => {
    const dbPath = join(root, ".tsift", "graph.db");
    const before = (await gdb("kind", "symbol", "--limit", "0")).json().nodes.map((n: { id: string }) => n.id);
    const db = new Database(dbPath);
    db.exec("CREATE TRIGGER tsift_fail_edges BEFORE INSERT ON graph_edges BEGIN SELECT RAISE(ABORT, 'injected edge insert failure'); END");
    db.close();
    appendFileSync(join(root, "clean.rs"), "\nfn late() {\n    clean_leaf();\n}\n");
    const failed = await gdb("refresh", "--update-index");
    expect(failed.code).not.toBe(0);
    expect(failed.err).toContain("injected edge insert failure");
    expect((await gdb("kind", "symbol", "--limit", "0")).json().nodes.map((n: { id: string }) => n.id)).toEqual(before);
    const stale = (await gdb("status")).json();
    expect(stale.status).toBe("stale");
    expect(stale.next_commands[0]).toMatch(/refresh$/);
    const reader = await gdb("kind", "symbol", "--limit", "1");
    expect(reader.err).toMatch(/stale.*refresh/);

    const fix = new Database(dbPath);
    fix.exec("DROP TRIGGER tsift_fail_edges");
    fix.close();
    const retried = (await gdb("refresh")).json();
    expect(retried.mode).toBe("cold_source_graph_rebuild");
    expect(retried.delta.nodes.upserted).toBeGreaterThanOrEqual(1);
    expect((await gdb("node", sym("late", "clean.rs"))).json().node).not.toBeNull();
  });

  it("fails doctor closed on a projection version mismatch, a missing content hash and a missing index, still printing the report", async () => {
    const db = new Database(join(root, ".tsift", "graph.db"));
    db.exec("UPDATE graph_projection_versions SET projection_version = 'tsift-traversal-v0', content_hash = NULL; DROP INDEX idx_graph_edges_to_kind;");
    db.close();
    const doctor = await gdb("doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.err).toContain("graph-db doctor failed closed");
    const json = doctor.json();
    expect(json).toMatchObject({ status: "fail_closed", fail_closed: true });
    const failures = json.checks
      .filter((c: { status: string }) => c.status === "fail")
      .map((c: { message: string }) => c.message)
      .join("\n");
    expect(failures).toContain("projection version mismatch");
    expect(failures).toContain("projection content hash is missing");
    expect(failures).toContain("missing index idx_graph_edges_to_kind");
    expect(json.repair_commands.join("\n")).toContain("graph-db");
    expect(json.repair_commands.join("\n")).toContain("refresh");
  });

  it("rejects a graph.db from a newer schema on every command, doctor included", async () => {
    const db = new Database(join(root, ".tsift", "graph.db"));
    db.pragma("user_version = 999");
    db.close();
    for (const argv of [["status"], ["kind", "symbol"], ["refresh"]]) {
      const result = await gdb(...argv);
      expect(result.code, argv.join(" ")).not.toBe(0);
      expect(result.err).toContain("schema version 999 is newer than supported");
    }
    const doctor = await gdb("doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.json().checks[0].message).toContain("schema version 999 is newer than supported");
    expect(doctor.err).toContain("schema version 999 is newer than supported");
  });
});
