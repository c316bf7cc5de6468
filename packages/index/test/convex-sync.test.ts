import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphDbPath, type GraphDbPlace } from "@tsift/core";
import { openSqliteGraphStore, openSqliteGraphStoreReadOnly } from "@tsift/sqlite";
import { convexSync, indexLocation, loadLocalProjection, refreshGraphDb, updateIndex, type LocalGraphStore } from "../src/index";
import { tempTree } from "./helpers";

const place: GraphDbPlace = { pathArg: ".", backend: "sqlite", localFile: true, display: ".tsift/graph.db" };
const INDEXES = ["nodes.by_external_id", "nodes.by_kind", "edges.by_edge_key", "edges.by_from_kind", "edges.by_to_kind"];

/** The project's SQLite graph.db as a caller supplies it, counting refreshes. */
function sqliteStore(root: string): LocalGraphStore & { refreshes: number } {
  const path = graphDbPath(root);
  const local = {
    refreshes: 0,
    index: indexLocation(root),
    display: ".tsift/graph.db",
    exists: () => false,
    async refresh() {
      local.refreshes++;
      const store = await openSqliteGraphStore(path);
      try {
        return (await refreshGraphDb(store, local.index, { place, location: ".tsift/graph.db" })).report.mode;
      } finally {
        await store.close();
      }
    },
    open: () => openSqliteGraphStoreReadOnly(path),
  };
  return local;
}

async function indexedProject() {
  const root = tempTree({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
  await updateIndex(indexLocation(root));
  const local = sqliteStore(root);
  return { root, local, source: { root, pathArg: ".", local: () => loadLocalProjection(local) } };
}

/** A stand-in Convex HTTP action that answers `snapshotMeta` with `projection` and fails mutations with 503. */
function convexStub(projection: unknown) {
  const operations: string[] = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const { operation } = JSON.parse(String(init?.body)) as { operation: string };
    operations.push(operation);
    if (operation !== "snapshotMeta") return new Response("busy", { status: 503 });
    return new Response(JSON.stringify({ indexes: INDEXES, projection }), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, operations };
}

describe("convexSync", () => {
  it("refuses a store that is neither there nor buildable from an index", async () => {
    const local = sqliteStore(tempTree({ "a.py": "def f():\n    return 1\n" }));
    await expect(loadLocalProjection(local)).rejects.toMatchObject({ code: "not_found", hint: "tsift index, then tsift graph-db refresh" });
    expect(local.refreshes).toBe(0);
  });

  it("refreshes the store from the index and plans every row as an upsert without a snapshot", async () => {
    const { local, source } = await indexedProject();
    const plan = await convexSync(source, { chunkSize: 2, limit: 1, env: {} });
    expect(local.refreshes).toBe(1);
    expect(plan.local.refresh).toBe("cold_source_graph_rebuild");
    expect(plan.summary.node_upserts).toBe(plan.local.nodes);
    expect(plan.chunks).toHaveLength(1);
    expect(plan.truncated).toBe(true);
    expect(plan.chunks[0]).not.toHaveProperty("rows");
    expect(plan.next_commands).toEqual(["tsift convex-sync --apply --endpoint <url>", "tsift convex-sync --out convex-sync-plan.json"]);
    expect((await convexSync(source, { env: {} })).local.refresh).toBe("cached_source_watermark_reuse");
  });

  it("rejects two snapshot sources, and a network step without an endpoint", async () => {
    const { source } = await indexedProject();
    await expect(convexSync(source, { snapshot: "rows.json", remoteSnapshot: true, env: {} })).rejects.toMatchObject({ code: "usage" });
    await expect(convexSync({ ...source, scope: "app" }, { remoteSnapshot: true, env: {} })).rejects.toMatchObject({
      code: "usage",
      hint: "tsift convex-sync --scope app --json",
    });
  });

  it("reads no row pages when the remote projection hash matches, with the endpoint from the environment", async () => {
    const { local, source } = await indexedProject();
    const { meta } = await loadLocalProjection(local);
    const convex = convexStub(meta);
    const env = { TSIFT_CONVEX_GRAPH_URL: "https://example.convex.site/graph" };
    const plan = await convexSync(source, { remoteSnapshot: true, fetch: convex.fetch, env });
    expect(convex.operations).toEqual(["snapshotMeta"]);
    expect(plan.snapshot_source).toBe("https://example.convex.site/graph (projection hash matches: no row pages read)");
    expect(plan.summary.chunks).toBe(0);
    expect(plan.next_commands).toEqual(["tsift graph-db doctor"]);
  });

  it("reports a stopped apply with the command that resumes it instead of throwing", async () => {
    const { source } = await indexedProject();
    const convex = convexStub(null);
    const plan = await convexSync(source, { apply: true, endpoint: "https://example.convex.site/graph", fetch: convex.fetch, backoffMs: 0, env: {} });
    expect(plan.apply).toMatchObject({ chunks_applied: 0, failed_chunk: 0 });
    expect(convex.operations.length).toBeGreaterThan(1);
    expect(plan.next_commands).toEqual(["tsift convex-sync --apply --endpoint <url>"]);
  });

  it("names an unwritable plan file as an io_error", async () => {
    const { root, source } = await indexedProject();
    await expect(convexSync(source, { out: join(root, "missing", "plan.json"), env: {} })).rejects.toMatchObject({ code: "io_error" });
  });
});
