import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { edgeKey } from "@tsift/core";
import { run, tempProject, type JsonObject } from "./helpers";

const S = (name: string, path = "main.rs") => `sym:${path}:${name}`;

describe("tsift graph-db on SQLite", () => {
  const dir = tempProject();

  it("reports a missing graph.db with the next command", async () => {
    const { code, json } = await run(dir, "graph-db", "--json", "status");
    expect(code).toBe(0);
    expect(json()).toMatchObject({ operation: "status", status: "missing", materialized: false, backend: "sqlite", location: ".tsift/graph.db" });
    expect(json().next_commands.join(" ")).toMatch(/graph-db .*import/);
  });

  it("imports rows transactionally and reports deltas", async () => {
    const first = await run(dir, "graph-db", "import", "canonical-rows.json", "--json");
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({
      operation: "import",
      source_format: "tsift-graph-rows/v1",
      nodes: { upserted: 12, deleted: 0, unchanged: 0 },
      counts: { nodes: 12, edges: 17 },
    });
    const again = await run(dir, "graph-db", "import", "canonical-rows.json", "--json");
    expect(again.json().nodes).toEqual({ upserted: 0, deleted: 0, unchanged: 12 });
    const status = await run(dir, "graph-db", "status", "--json");
    expect(status.json()).toMatchObject({
      status: "materialized",
      materialized: true,
      counts: { nodes: 12, edges: 17 },
      projection: { projection_version: "tsift-conformance-v1" },
      recovery: null,
    });
  });

  it("pages a kind scan with an exclusive cursor", async () => {
    const first = (await run(dir, "graph-db", "kind", "symbol", "--property", "path=main.rs", "--limit", "2", "--json")).json();
    expect(first.nodes.map((n: { id: string }) => n.id)).toEqual([S("alpha"), S("beta")]);
    expect(first.page).toMatchObject({ truncated: true, next_cursor: S("beta"), returned_nodes: 2, limit: 2 });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JsonObject = (
        await run(dir, "graph-db", "kind", "symbol", "--property", "path=main.rs", "--limit", "3", ...(cursor ? ["--cursor", cursor] : []), "--json")
      ).json();
      ids.push(...page.nodes.map((n: { id: string }) => n.id));
      cursor = page.page.next_cursor;
    } while (cursor);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toHaveLength(7);
  });

  it("reads nodes, edges, neighborhoods and paths", async () => {
    expect((await run(dir, "graph-db", "node", S("alpha"), "--json")).json().node.label).toBe("alpha");
    const missing = await run(dir, "graph-db", "node", "nope", "--json");
    expect(missing.code).toBe(3);
    expect(missing.json()).toEqual({ node: null });
    const key = edgeKey(S("alpha"), "calls", S("beta"));
    expect((await run(dir, "graph-db", "edge", key, "--json")).json().edge.to_id).toBe(S("beta"));
    const hood = (await run(dir, "graph-db", "neighborhood", S("main"), "--depth", "3", "--edge-kind", "calls", "--limit", "20", "--json")).json();
    expect(hood.page.total).toBe(7);
    expect(hood.edges).toHaveLength(7);
    const path = (await run(dir, "graph-db", "path", S("main"), S("helper"), "--edge-kind", "calls", "--json")).json();
    expect(path).toMatchObject({ hops: 3, path: { nodes: [S("main"), S("bridge"), S("shared"), S("helper")] } });
    const none = await run(dir, "graph-db", "path", S("helper"), S("main"), "--json");
    expect(none.code).toBe(0);
    expect(none.json()).toMatchObject({ path: null, hops: null });
    const incident = (await run(dir, "graph-db", "incident", S("alpha"), "--edge-kind", "calls", "--json")).json();
    expect(incident.edges).toHaveLength(3);
    const edges = (await run(dir, "graph-db", "edges", "--property", "line=6", "--json")).json();
    expect(edges.edges.map((e: { id: string }) => e.id)).toEqual([key]);
  });

  it("prints human text by default", async () => {
    const { out } = await run(dir, "graph-db", "path", S("main"), S("helper"));
    expect(out).toBe(`${S("main")} -> ${S("bridge")} -> ${S("shared")} -> ${S("helper")}  (3 hops)\n`);
  });

  it("exports rows that import back unchanged", async () => {
    const exported = await run(dir, "graph-db", "export", "--out", "exported.json", "--json");
    expect(exported.json()).toMatchObject({ operation: "export", out: "exported.json", nodes: 12, edges: 17 });
    expect((await run(dir, "graph-db", "import", "exported.json", "--json")).json().edges).toEqual({ upserted: 0, deleted: 0, unchanged: 17 });
  });

  it("serves the same schema for every backend", async () => {
    const sqlite = (await run(dir, "graph-db", "schema", "--json")).json();
    const convex = (
      await run(dir, "graph-db", "--backend", "convex-snapshot", "--convex-snapshot", "canonical-convex-snapshot.json", "schema", "--json")
    ).json();
    expect(convex).toEqual(sqlite);
    expect(sqlite.schema.contract_version).toBe("tsift-graph-db-v1");
  });

  it("reads a Convex snapshot with the same answers", async () => {
    const args = ["--backend", "convex-snapshot", "--convex-snapshot", "canonical-convex-snapshot.json"];
    const fromConvex = (await run(dir, "graph-db", ...args, "neighborhood", S("main"), "--depth", "2", "--json")).json();
    const fromSqlite = (await run(dir, "graph-db", "neighborhood", S("main"), "--depth", "2", "--json")).json();
    expect(fromConvex).toEqual(fromSqlite);
    expect((await run(dir, "graph-db", ...args, "import", "canonical-rows.json")).code).toBe(2);
  });

  it("fails closed on a newer schema with exit 6", async () => {
    const db = new Database(join(dir, ".tsift", "graph.db"));
    db.pragma("user_version = 999");
    db.close();
    const result = await run(dir, "graph-db", "status", "--json");
    expect(result.code).toBe(6);
    expect(result.out).toBe("");
    expect(result.err).toMatch(/schema version 999 is newer than supported/);
    expect(result.err.trim().split("\n")).toHaveLength(1);
    const reset = new Database(join(dir, ".tsift", "graph.db"));
    reset.pragma("user_version = 6");
    reset.close();
  });
});

describe("tsift graph-db input errors", () => {
  const dir = tempProject();

  it("rejects bad flags and bad files with one line and exit 2", async () => {
    const badProperty = await run(dir, "graph-db", "kind", "symbol", "--property", "novalue");
    expect(badProperty.code).toBe(2);
    expect(badProperty.err).toMatch(/--property expects KEY=VALUE/);
    const badRows = await run(dir, "graph-db", "import", "README.md");
    expect(badRows.code).toBe(2);
    expect(badRows.err).toMatch(/not valid JSON/);
    const missingFile = await run(dir, "graph-db", "import", "nope.json");
    expect(missingFile.code).toBe(3);
    const badLimit = await run(dir, "graph-db", "import", "canonical-rows.json", "--limit", "x");
    expect(badLimit.code).toBe(2);
  });

  it("leaves no graph.db behind when an import is rejected", async () => {
    const { existsSync, writeFileSync } = await import("node:fs");
    writeFileSync(
      join(dir, "dangling.json"),
      JSON.stringify({ format: "tsift-graph-rows/v1", nodes: [{ id: "a", kind: "k", label: "a" }], edges: [{ from_id: "a", to_id: "b", kind: "x" }] }),
    );
    await run(dir, "graph-db", "import", "canonical-rows.json");
    const result = await run(dir, "graph-db", "import", "dangling.json");
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/references node b/);
    expect(existsSync(join(dir, ".tsift", "graph.db"))).toBe(true);
    expect((await run(dir, "graph-db", "status", "--json")).json().counts.nodes).toBe(12);
  });
});
