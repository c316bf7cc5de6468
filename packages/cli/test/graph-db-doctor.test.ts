import Database from "better-sqlite3";
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "./helpers";
import { CONFORMANCE_TREE, graphDbInProcess, indexedProject, sym, tsiftBin, tsiftInProcess, type Spawned } from "./graph-db-helpers";

/**
 * `graph-db doctor` fails closed through the CLI (in-process, the way the binary routes it) on the store faults the conformance
 * suite does not break on purpose: orphan edges and property rows, duplicate ids (in a
 * graph.db whose table lost its primary key, and in a Convex snapshot) and a Convex
 * edge to a missing node. Each case damages its own copy of one refreshed project.
 */
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOf(root: string): string {
  const copy = realpathSync(mkdtempSync(join(tmpdir(), "tsift-gdb-doctor-")));
  copies.push(copy);
  cpSync(root, copy, { recursive: true });
  return copy;
}

function failures(doctor: Spawned): Record<string, string> {
  expect(doctor.code, doctor.err).toBe(1);
  expect(doctor.err).toContain("graph-db doctor failed closed");
  const json = doctor.json();
  expect(json).toMatchObject({ status: "fail_closed", fail_closed: true });
  return Object.fromEntries(json.checks.filter((check: JsonObject) => check.status === "fail").map((check: JsonObject) => [check.name, check.message]));
}

function damage(root: string, sql: string): void {
  const db = new Database(join(root, ".tsift", "graph.db"));
  db.pragma("foreign_keys = OFF");
  db.exec(sql);
  db.close();
}

describe.each(["sqlite", "libsql"] as const)("graph-db doctor on %s", (backend) => {
  const root = indexedProject(CONFORMANCE_TREE);
  beforeAll(async () => {
    const refreshed = await graphDbInProcess(root, backend, "refresh");
    expect(refreshed.code, refreshed.err).toBe(0);
    expect((await graphDbInProcess(root, backend, "doctor")).code).toBe(0);
  });

  it("fails closed on an edge whose endpoint is gone, naming the edge", async () => {
    const copy = copyOf(root);
    const edge = (await graphDbInProcess(copy, backend, "edges", "--edge-kind", "calls", "--limit", "1")).json().edges[0];
    damage(copy, `DELETE FROM graph_node_properties WHERE node_id = '${edge.to_id}'; DELETE FROM graph_nodes WHERE id = '${edge.to_id}'`);
    const failed = failures(await graphDbInProcess(copy, backend, "doctor"));
    expect(failed.orphan_edges).toMatch(/^\d+ edge\(s\) reference missing nodes, e\.g\. edge:/);
    expect(failed.orphan_edges).toContain(edge.id);
  });

  it("fails closed on a property row without its owner", async () => {
    const copy = copyOf(root);
    damage(copy, `INSERT INTO graph_edge_properties (edge_key, key, value) VALUES ('edge:${"0".repeat(32)}', 'line', '1')`);
    expect(failures(await graphDbInProcess(copy, backend, "doctor")).orphan_properties).toBe("1 property row(s) without an owner");
  });

  it("fails closed on a node id stored twice in a table rebuilt without its primary key", async () => {
    const copy = copyOf(root);
    damage(
      copy,
      `CREATE TABLE nodes_copy AS SELECT * FROM graph_nodes;
       DROP TABLE graph_nodes;
       ALTER TABLE nodes_copy RENAME TO graph_nodes;
       CREATE INDEX idx_graph_nodes_kind ON graph_nodes(kind);
       CREATE INDEX idx_graph_nodes_kind_label ON graph_nodes(kind, label);
       INSERT INTO graph_nodes SELECT * FROM graph_nodes WHERE id = '${sym("main")}';`,
    );
    const failed = failures(await graphDbInProcess(copy, backend, "doctor"));
    expect(failed.duplicate_ids).toBe(`1 node id(s) or edge key(s) stored more than once, e.g. ${sym("main")}`);
    expect((await graphDbInProcess(copy, backend, "doctor")).json().repair_commands.join("\n")).toContain("refresh");
  });
});

describe("graph-db doctor on a Convex snapshot", () => {
  const root = indexedProject(CONFORMANCE_TREE);
  let snapshot: { projection: JsonObject; indexes: JsonObject[]; nodes: JsonObject[]; edges: JsonObject[] };
  beforeAll(async () => {
    expect((await graphDbInProcess(root, "sqlite", "refresh")).code).toBe(0);
    expect((await tsiftInProcess(root, ["convex-sync", "--out", "plan.json", "--json"])).code).toBe(0);
    const plan = JSON.parse(readFileSync(join(root, "plan.json"), "utf8"));
    const status = (await graphDbInProcess(root, "sqlite", "status")).json();
    snapshot = {
      projection: {
        projectionHash: status.projection.content_hash,
        projectionVersion: status.projection.projection_version,
        sourceWatermark: status.projection.source_watermark,
      },
      indexes: plan.required_indexes.map((index: JsonObject) => ({ table: index.table, name: index.name })),
      nodes: plan.chunks.filter((chunk: JsonObject) => chunk.operation === "upsertNodes").flatMap((chunk: JsonObject) => chunk.rows),
      edges: plan.chunks.filter((chunk: JsonObject) => chunk.operation === "upsertEdges").flatMap((chunk: JsonObject) => chunk.rows),
    };
  });
  const DOCTOR = ["graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "snapshot.json", "doctor", "--json"];
  const doctor = (rows: typeof snapshot) => {
    writeFileSync(join(root, "snapshot.json"), JSON.stringify(rows));
    return tsiftInProcess(root, DOCTOR);
  };

  it("passes the snapshot of a current projection", async () => {
    const ok = await doctor(snapshot);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.json()).toMatchObject({ status: "ok", fail_closed: false });
  });

  it("fails closed on an edge whose from node is missing", async () => {
    const caller = sym("main");
    const failed = failures(await doctor({ ...snapshot, nodes: snapshot.nodes.filter((node) => node.externalId !== caller) }));
    expect(failed.orphan_edges).toContain(`references missing from node ${caller}`);
  });

  it("fails closed on a node externalId stored twice", async () => {
    const twice = snapshot.nodes.find((node) => node.externalId === sym("alpha"))!;
    const failed = failures(await doctor({ ...snapshot, nodes: [...snapshot.nodes, twice] }));
    expect(failed.duplicate_ids).toContain(`duplicate node externalId ${sym("alpha")}`);
    // The compiled binary fails closed the same way: exit code, message and report (but for its duration).
    const compiled = tsiftBin(root, DOCTOR);
    const inProcess = await tsiftInProcess(root, DOCTOR);
    expect({ code: compiled.code, err: compiled.err }).toEqual({ code: inProcess.code, err: inProcess.err });
    expect({ ...compiled.json(), duration_micros: 0 }).toEqual({ ...inProcess.json(), duration_micros: 0 });
  });
});
