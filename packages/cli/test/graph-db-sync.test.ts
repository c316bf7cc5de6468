import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin, run, type JsonObject } from "./helpers";
import { CONFORMANCE_TREE, graphDbInProcess, indexedProject, sym, tsiftInProcess } from "./graph-db-helpers";

/**
 * Spawns the built CLI without blocking this process, so the in-test Convex server can answer it:
 * the apply case, which proves the compiled binary reads its bearer token from its environment
 * and never prints it. The other cases run in-process, the way the binary routes them.
 */
function tsiftAsync(
  cwd: string,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string; json(): JsonObject }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [builtBin, ...argv], { cwd, env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("close", (code) => resolve({ code, out, err, json: () => JSON.parse(out) as JsonObject }));
  });
}

/** A stand-in for the Convex HTTP action: `nodes`/`edges` tables keyed by externalId/edgeKey. */
function fakeConvex() {
  const nodes = new Map<string, JsonObject>();
  const edges = new Map<string, JsonObject>();
  const calls: { operation: string; authorization: string | undefined }[] = [];
  let failNext = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", async () => {
      const message = JSON.parse(body) as JsonObject;
      calls.push({ operation: message.operation, authorization: request.headers.authorization });
      if (failNext > 0) {
        failNext--;
        response.writeHead(503).end("busy");
        return;
      }
      const reply = (value: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
      const page = (rows: JsonObject[]) => reply({ page: rows, continueCursor: null, isDone: true });
      switch (message.operation) {
        case "snapshotMeta":
          return reply({
            indexes: ["nodes.by_external_id", "nodes.by_kind", "edges.by_edge_key", "edges.by_from_kind", "edges.by_to_kind"],
            projection: state.projection,
          });
        case "snapshotNodesPage":
          return page([...nodes.values()]);
        case "snapshotEdgesPage":
          return page([...edges.values()]);
        case "upsertNodes":
          for (const row of message.rows) nodes.set(row.externalId, row);
          return reply({ ok: true });
        case "upsertEdges":
          for (const row of message.rows) edges.set(row.edgeKey, row);
          return reply({ ok: true });
        case "deleteEdges":
          for (const row of message.rows) edges.delete(row.edgeKey);
          return reply({ ok: true });
        case "deleteNodes":
          for (const row of message.rows) nodes.delete(row.externalId);
          return reply({ ok: true });
        default:
          response.writeHead(400).end("unknown operation");
      }
    });
  });
  const state = { server, nodes, edges, calls, projection: undefined as JsonObject | undefined, failNext: (n: number) => (failNext = n) };
  return state;
}

describe("convex-sync, drift and compact through the CLI", () => {
  const root = indexedProject(CONFORMANCE_TREE);
  const convex = fakeConvex();
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => convex.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(convex.server.address() as { port: number }).port}/graph`;
  });
  afterAll(() => new Promise<void>((resolve) => convex.server.close(() => resolve())));

  it("plans node-then-edge upserts in ordered chunks without touching the network", async () => {
    const plan = await tsiftInProcess(root, ["convex-sync", "--chunk-size", "5", "--json"]);
    expect(plan.code, plan.err).toBe(0);
    const json = plan.json();
    expect(json).toMatchObject({
      operation: "convex-sync",
      contract_version: "convex-sync-v1",
      chunk_size: 5,
      apply: null,
      snapshot: { provided: false, status: "none" },
    });
    expect(json.summary.node_tombstones + json.summary.edge_tombstones).toBe(0);
    const operations = json.chunks.map((chunk: { operation: string }) => chunk.operation);
    expect(operations.lastIndexOf("upsertNodes")).toBeLessThan(operations.indexOf("upsertEdges"));
    expect(json.required_indexes.map((i: { table: string; name: string }) => `${i.table}.${i.name}`)).toEqual([
      "nodes.by_external_id",
      "nodes.by_kind",
      "edges.by_edge_key",
      "edges.by_from_kind",
      "edges.by_to_kind",
    ]);
    expect((await tsiftInProcess(root, ["convex-sync", "--apply", "--json"])).code).toBe(2);
  });

  it("applies the chunks with retries, then finds the remote current through the projection hash", async () => {
    convex.failNext(1);
    const applied = await tsiftAsync(root, ["convex-sync", "--apply", "--endpoint", endpoint, "--json"], { TSIFT_CONVEX_AUTH_TOKEN: "secret-token" });
    expect(applied.code, applied.err).toBe(0);
    const json = applied.json();
    expect(json.apply).toMatchObject({ chunks_applied: json.summary.chunks, failed_chunk: null, error: null });
    expect(json.apply.attempts).toBe(json.summary.chunks + 1);
    expect(convex.calls.every((call) => call.authorization === "Bearer secret-token")).toBe(true);
    expect(applied.out).not.toContain("secret-token");
    expect(convex.nodes.size).toBe(json.local.nodes);
    expect(convex.edges.size).toBe(json.local.edges);

    // The remote now holds the rows; with the projection hash recorded, no page is read.
    const status = (await graphDbInProcess(root, "sqlite", "status")).json();
    convex.projection = {
      projectionHash: status.projection.content_hash,
      projectionVersion: "tsift-traversal-v1",
      sourceWatermark: status.projection.source_watermark,
    };
    const before = convex.calls.length;
    const remote = await tsiftInProcess(root, ["convex-sync", "--remote-snapshot", "--endpoint", endpoint, "--json"]);
    expect(remote.json()).toMatchObject({ summary: { chunks: 0 }, snapshot: { status: "current" } });
    expect(convex.calls.slice(before).map((call) => call.operation)).toEqual(["snapshotMeta"]);
  });

  it("reports drift edge-before-node against a stale snapshot, fails closed on a broken one", async () => {
    const snapshotPath = join(root, "snapshot.json");
    const exported = await tsiftInProcess(root, ["convex-sync", "--out", "plan.json", "--json"]);
    expect(exported.code).toBe(0);
    const plan = JSON.parse(readFileSync(join(root, "plan.json"), "utf8"));
    const nodes = plan.chunks.filter((c: JsonObject) => c.operation === "upsertNodes").flatMap((c: JsonObject) => c.rows);
    const edges = plan.chunks.filter((c: JsonObject) => c.operation === "upsertEdges").flatMap((c: JsonObject) => c.rows);
    const status = (await graphDbInProcess(root, "sqlite", "status")).json();
    const projection = {
      projectionHash: status.projection.content_hash,
      projectionVersion: "tsift-traversal-v1",
      sourceWatermark: status.projection.source_watermark,
    };
    const indexes = plan.required_indexes.map((i: JsonObject) => ({ table: i.table, name: i.name }));
    writeFileSync(snapshotPath, JSON.stringify({ projection, indexes, nodes, edges }));
    const current = await tsiftInProcess(root, ["graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "snapshot.json", "drift", "--json"]);
    expect(current.json()).toMatchObject({ operation: "drift", status: "current", graph_reads_allowed: true });

    // A stale remote: one extra node with an edge to it, one edge missing.
    const extraNode = { externalId: "sym:gone.rs#gone", kind: "symbol", label: "gone" };
    const mainEdge = edges.find((e: JsonObject) => e.fromExternalId === sym("main") && e.kind === "calls");
    const stale = {
      projection: { ...projection, projectionHash: "old" },
      indexes,
      nodes: [...nodes, extraNode],
      edges: edges.filter((e: JsonObject) => e !== mainEdge),
    };
    writeFileSync(snapshotPath, JSON.stringify(stale));
    const drift = (await tsiftInProcess(root, ["graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "snapshot.json", "drift", "--json"])).json();
    expect(drift).toMatchObject({
      status: "drift",
      graph_reads_allowed: false,
      summary: { edge_upserts: 1, node_tombstones: 1, stale_projection_metadata: true },
    });
    expect(drift.next_commands.join("\n")).toContain("convex-sync --snapshot snapshot.json --apply");
    const sync = (await tsiftInProcess(root, ["convex-sync", "--snapshot", "snapshot.json", "--json"])).json();
    expect(sync.chunks.map((c: JsonObject) => c.operation)).toEqual(["upsertEdges", "deleteNodes"]);

    writeFileSync(snapshotPath, JSON.stringify({ ...stale, nodes: [...stale.nodes, extraNode], indexes: indexes.slice(1) }));
    const broken = await tsiftInProcess(root, ["graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "snapshot.json", "drift", "--json"]);
    expect(broken.code).toBe(1);
    expect(broken.json()).toMatchObject({ status: "fail_closed", summary: { duplicate_failures: 1, missing_required_indexes: ["nodes.by_external_id"] } });
    const doctor = await tsiftInProcess(root, ["graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "snapshot.json", "doctor", "--json"]);
    expect(doctor.code).toBe(1);
    expect(
      doctor
        .json()
        .checks.map((c: JsonObject) => c.message)
        .join("\n"),
    ).toContain("duplicate node externalId sym:gone.rs#gone");
  });

  it("compacts: a plan by default, checkpoint and VACUUM with --apply, tombstones only when confirmed", async () => {
    writeFileSync(join(root, "isolated.rs"), "fn independent_worker() {}\n");
    const refreshed = (await graphDbInProcess(root, "sqlite", "refresh", "--update-index")).json();
    expect(refreshed.tombstones.written).toBeGreaterThan(0);
    const plan = (await graphDbInProcess(root, "sqlite", "compact")).json();
    expect(plan).toMatchObject({ operation: "compact", applied: false, result: null });
    expect((await graphDbInProcess(root, "sqlite", "compact", "--apply", "--prune-tombstones")).code).toBe(2);
    const applied = (await graphDbInProcess(root, "sqlite", "compact", "--apply")).json();
    expect(applied).toMatchObject({ applied: true, result: { vacuumed: true, tombstones_pruned: 0 } });
    expect(applied.tombstones.total).toBe(refreshed.tombstones.total);
    const pruned = (await graphDbInProcess(root, "sqlite", "compact", "--apply", "--prune-tombstones", "--confirmed-convex-reconciled")).json();
    expect(pruned.result.tombstones_pruned).toBe(refreshed.tombstones.total);
    expect(pruned.tombstones.total).toBe(0);
    expect((await graphDbInProcess(root, "sqlite", "doctor")).code).toBe(0);
  });

  it("drift reads a graph-db export rows file: current right after the export, drift after a change", async () => {
    const root = indexedProject(CONFORMANCE_TREE);
    expect((await run(root, "graph-db", "refresh")).code).toBe(0);
    const exported = await run(root, "graph-db", "export", "--out", "rows.json");
    expect(exported.code, exported.err).toBe(0);
    const drift = (...extra: string[]) => run(root, "graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "rows.json", "drift", "--json", ...extra);
    const current = await drift();
    expect(current.code, current.err).toBe(0);
    expect(current.json()).toMatchObject({
      operation: "drift",
      snapshot: "rows.json",
      snapshot_format: "tsift-graph-rows/v1",
      status: "current",
      problems: [],
    });
    // A new function: the export now lacks its node (and its file's containment edge).
    writeFileSync(join(root, "extra.py"), "def added_later():\n    return 1\n");
    expect((await run(root, "index", "--quiet")).code).toBe(0);
    const stale = await drift();
    expect(stale.code, stale.err).toBe(0);
    const report = stale.json();
    expect(report).toMatchObject({ status: "drift", problems: [] });
    expect(report.summary.node_upserts).toBeGreaterThan(0);
    const text = await run(root, "graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "rows.json", "drift");
    expect(text.out.split("\n")[0]).toBe("graph-db drift: drift (rows.json, a tsift-graph-rows/v1 export); Convex-backed reads not allowed");
  });
});
