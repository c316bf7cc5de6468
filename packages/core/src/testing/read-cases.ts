import assert from "node:assert/strict";
import { compareIds } from "../compare-ids";
import { edgeKey } from "../edge-key";
import { isTsiftError } from "../errors";
import type { GraphQueryPage } from "../graph-types";
import { normalizeEdge, normalizeNode } from "../rows";
import { canonicalProjection, chainNodeId, chainProjection, cyclicNodeId, cyclicProjection, starProjection } from "./fixtures";
import { withStore, type ConformanceCase } from "./harness";

const S = (name: string, path = "main.rs") => `sym:${path}:${name}`;
const sorted = (ids: Iterable<string>) => [...ids].sort(compareIds);

/** Follows `nextCursor` until the last page, checking the paging invariants on the way. */
export async function collectPages<T>(
  fetch: (cursor: string | null) => Promise<GraphQueryPage<T>>,
  idOf: (item: T) => string,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100_000; guard++) {
    const page: GraphQueryPage<T> = await fetch(cursor);
    assert.ok(page.items.length <= limit, `page of ${page.items.length} exceeds limit ${limit}`);
    ids.push(...page.items.map(idOf));
    if (!page.truncated) {
      assert.equal(page.nextCursor, null, "a final page has no next cursor");
      return ids;
    }
    assert.equal(page.items.length, limit, "a truncated page is full");
    assert.equal(page.nextCursor, idOf(page.items[page.items.length - 1]!), "next cursor is the last returned id");
    cursor = page.nextCursor;
  }
  throw new Error("paging did not terminate");
}

const canonical = canonicalProjection();
const canonicalEdges = canonical.edges.map(normalizeEdge);
const edgeIdsWhere = (predicate: (edge: (typeof canonicalEdges)[number]) => boolean) => sorted(canonicalEdges.filter(predicate).map((edge) => edge.id));

export const readCases: ConformanceCase[] = [
  {
    name: "getNode returns the canonical row or null",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const expected = normalizeNode(canonical.nodes.find((node) => node.id === S("alpha"))!);
        assert.deepEqual(await store.getNode(S("alpha")), expected);
        assert.deepEqual(Object.keys((await store.getNode(S("alpha")))!.properties!), ["kind", "line", "path", "ref_id"]);
        assert.equal(await store.getNode("nope"), null);
      }),
  },
  {
    name: "getNodes returns existing nodes once, ordered by id",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const nodes = await store.getNodes([S("gamma"), "missing", S("alpha"), S("gamma")]);
        assert.deepEqual(
          nodes.map((node) => node.id),
          [S("alpha"), S("gamma")],
        );
      }),
  },
  {
    name: "nodesByKind pages by id with an exclusive cursor",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const expected = sorted(canonical.nodes.filter((node) => node.kind === "symbol").map((node) => node.id));
        const first = await store.nodesByKind("symbol", { limit: 2 });
        assert.deepEqual(
          first.items.map((node) => node.id),
          expected.slice(0, 2),
        );
        assert.equal(first.truncated, true);
        assert.equal(first.nextCursor, expected[1]);
        for (const limit of [1, 2, 3, 100]) {
          assert.deepEqual(
            await collectPages(
              (cursor) => store.nodesByKind("symbol", { cursor, limit }),
              (node) => node.id,
              limit,
            ),
            expected,
          );
        }
        const all = await store.nodesByKind("symbol", { limit: 0 });
        assert.equal(all.items.length, expected.length);
        assert.equal(all.truncated, false);
        assert.deepEqual((await store.nodesByKind("no-such-kind")).items, []);
      }),
  },
  {
    name: "scanNodes pages every node and filters by kinds and properties",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const all = sorted(canonical.nodes.map((node) => node.id));
        assert.deepEqual(
          await collectPages(
            (cursor) => store.scanNodes({ cursor, limit: 4 }),
            (node) => node.id,
            4,
          ),
          all,
        );
        const kinds = ["file", "projection_meta"];
        assert.deepEqual(
          (await store.scanNodes({ kinds, limit: 0 })).items.map((node) => node.id),
          sorted(canonical.nodes.filter((node) => kinds.includes(node.kind)).map((node) => node.id)),
        );
        assert.deepEqual(
          (await store.scanNodes({ properties: { path: "isolated.rs" }, limit: 0 })).items.map((node) => node.id),
          sorted(["file:isolated.rs", S("independent_worker", "isolated.rs"), S("isolated_leaf", "isolated.rs")]),
        );
        assert.deepEqual(
          (await store.scanNodes({ properties: { path: "isolated.rs" }, kinds: ["file"] })).items.map((node) => node.id),
          ["file:isolated.rs"],
        );
      }),
  },
  {
    name: "nodesByKind applies every property filter",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const inMain = await store.nodesByKind("symbol", { properties: { path: "main.rs" }, limit: 0 });
        assert.deepEqual(
          inMain.items.map((node) => node.id),
          sorted(["main", "alpha", "beta", "gamma", "bridge", "shared", "helper"].map((n) => S(n))),
        );
        const one = await store.nodesByKind("symbol", { properties: { path: "main.rs", ref_id: "beta" } });
        assert.deepEqual(
          one.items.map((node) => node.id),
          [S("beta")],
        );
        assert.deepEqual((await store.nodesByKind("symbol", { properties: { path: "isolated.rs", ref_id: "beta" } })).items, []);
        assert.deepEqual(
          (await store.nodesByKind("file", { properties: { path: "main.rs" } })).items.map((node) => node.id),
          ["file:main.rs"],
        );
        const paged = await collectPages(
          (cursor) => store.nodesByKind("symbol", { properties: { path: "main.rs" }, cursor, limit: 3 }),
          (node) => node.id,
          3,
        );
        assert.deepEqual(
          paged,
          inMain.items.map((node) => node.id),
        );
      }),
  },
  {
    name: "getEdge finds an edge by its stable key",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const key = edgeKey(S("alpha"), "calls", S("beta"));
        const edge = await store.getEdge(key);
        assert.deepEqual(edge, { id: key, from_id: S("alpha"), to_id: S("beta"), kind: "calls", properties: { line: "6" } });
        assert.equal(await store.getEdge(edgeKey(S("beta"), "calls", S("alpha"))), null);
      }),
  },
  {
    name: "scanEdges filters by kind and edge property, ordered by edge id",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        assert.deepEqual(
          await collectPages(
            (cursor) => store.scanEdges({ cursor, limit: 4 }),
            (e) => e.id,
            4,
          ),
          sorted(canonicalEdges.map((e) => e.id)),
        );
        assert.deepEqual(
          (await store.scanEdges({ kinds: ["calls"], limit: 0 })).items.map((e) => e.id),
          edgeIdsWhere((e) => e.kind === "calls"),
        );
        assert.deepEqual(
          (await store.scanEdges({ kinds: ["calls", "defines"], limit: 0 })).items.map((e) => e.id),
          sorted(canonicalEdges.map((e) => e.id)),
        );
        assert.deepEqual(
          (await store.scanEdges({ properties: { line: "6" } })).items.map((e) => e.id),
          [edgeKey(S("alpha"), "calls", S("beta"))],
        );
        assert.deepEqual((await store.scanEdges({ properties: { line: "6" }, kinds: ["defines"] })).items, []);
      }),
  },
  {
    name: "outgoing, incoming and incident edges are complete and ordered",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const alpha = S("alpha");
        assert.deepEqual(
          (await store.outgoingEdges(alpha)).items.map((e) => e.id),
          edgeIdsWhere((e) => e.from_id === alpha),
        );
        assert.deepEqual(
          (await store.incomingEdges(S("gamma"))).items.map((e) => e.id),
          edgeIdsWhere((e) => e.to_id === S("gamma")),
        );
        const incident = edgeIdsWhere((e) => e.from_id === alpha || e.to_id === alpha);
        assert.deepEqual(
          (await store.incidentEdges(alpha)).items.map((e) => e.id),
          incident,
        );
        assert.deepEqual(
          await collectPages(
            (cursor) => store.incidentEdges(alpha, { cursor, limit: 1 }),
            (e) => e.id,
            1,
          ),
          incident,
        );
        assert.deepEqual(
          (await store.incidentEdges(alpha, { kinds: ["defines"] })).items.map((e) => e.id),
          [edgeKey("file:main.rs", "defines", alpha)],
        );
        assert.deepEqual(
          (await store.outgoingEdges(alpha, { properties: { line: "7" } })).items.map((e) => e.id),
          [edgeKey(alpha, "calls", S("gamma"))],
        );
        assert.deepEqual((await store.outgoingEdges("missing")).items, []);
      }),
  },
  {
    name: "incident edges list a self-loop once",
    requires: ["write"],
    run: (h) =>
      withStore(
        h,
        {
          nodes: [
            { id: "a", kind: "n", label: "a" },
            { id: "b", kind: "n", label: "b" },
          ],
          edges: [
            { from_id: "a", to_id: "a", kind: "loop" },
            { from_id: "a", to_id: "b", kind: "x" },
          ],
        },
        async (store) => {
          const ids = (await store.incidentEdges("a")).items.map((e) => e.id);
          assert.deepEqual(ids, sorted([edgeKey("a", "loop", "a"), edgeKey("a", "x", "b")]));
        },
      ),
  },
  {
    name: "edgesBetweenNodes keeps edges with both endpoints inside the set",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const members = [S("alpha"), S("beta"), S("gamma"), "file:main.rs"];
        const expected = edgeIdsWhere((e) => members.includes(e.from_id) && members.includes(e.to_id));
        assert.deepEqual(
          (await store.edgesBetweenNodes(members)).map((e) => e.id),
          expected,
        );
        assert.deepEqual(
          (await store.edgesBetweenNodes(members, { kinds: ["calls"] })).map((e) => e.id),
          edgeIdsWhere((e) => e.kind === "calls" && members.includes(e.from_id) && members.includes(e.to_id)),
        );
        assert.deepEqual(await store.edgesBetweenNodes([]), []);
      }),
  },
  {
    name: "neighborhood walks outgoing edges to a depth, pages nodes and keeps page edges",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const one = await store.neighborhood(S("main"), { edgeKinds: ["calls"] });
        assert.deepEqual(
          one.nodes.map((n) => n.id),
          sorted([S("main"), S("alpha"), S("bridge")]),
        );
        assert.deepEqual(one.depths, { [S("main")]: 0, [S("alpha")]: 1, [S("bridge")]: 1 });
        assert.equal(one.page.total, 3);
        assert.deepEqual(
          one.edges.map((e) => e.id),
          sorted([edgeKey(S("main"), "calls", S("alpha")), edgeKey(S("main"), "calls", S("bridge"))]),
        );
        const deep = await store.neighborhood(S("main"), { depth: 3, edgeKinds: ["calls"], limit: 3 });
        const all = sorted(["main", "alpha", "beta", "gamma", "bridge", "shared", "helper"].map((n) => S(n)));
        assert.deepEqual(
          deep.nodes.map((n) => n.id),
          all.slice(0, 3),
        );
        assert.equal(deep.page.truncated, true);
        assert.equal(deep.page.total, 7);
        assert.equal(deep.page.nextCursor, all[2]);
        const rest = await store.neighborhood(S("main"), { depth: 3, edgeKinds: ["calls"], limit: 10, cursor: deep.page.nextCursor });
        assert.deepEqual(
          rest.nodes.map((n) => n.id),
          all.slice(3),
        );
        assert.equal(rest.page.truncated, false);
        assert.equal(rest.page.total, 7);
        assert.equal(rest.depths[S("helper")], 3);
        for (const edge of deep.edges) assert.ok(deep.nodes.some((n) => n.id === edge.from_id) && deep.nodes.some((n) => n.id === edge.to_id));
      }),
  },
  {
    name: "neighborhood follows incoming or both directions and filters returned nodes",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const callers = await store.neighborhood(S("gamma"), { direction: "in", edgeKinds: ["calls"], depth: 2 });
        assert.deepEqual(
          callers.nodes.map((n) => n.id),
          sorted([S("gamma"), S("alpha"), S("beta"), S("main")]),
        );
        const both = await store.neighborhood(S("beta"), { direction: "both", depth: 1 });
        assert.deepEqual(
          both.nodes.map((n) => n.id),
          sorted([S("beta"), S("alpha"), S("gamma"), "file:main.rs"]),
        );
        const filesOnly = await store.neighborhood(S("beta"), { direction: "both", nodeKinds: ["file"] });
        assert.deepEqual(
          filesOnly.nodes.map((n) => n.id),
          ["file:main.rs"],
        );
        const filtered = await store.neighborhood(S("main"), { depth: 5, properties: { ref_id: "helper" } });
        assert.deepEqual(
          filtered.nodes.map((n) => n.id),
          [S("helper")],
        );
        assert.equal(filtered.page.total, 1);
        const zero = await store.neighborhood(S("main"), { depth: 0 });
        assert.deepEqual(
          zero.nodes.map((n) => n.id),
          [S("main")],
        );
        await assert.rejects(store.neighborhood("missing"), (error) => isTsiftError(error, "not_found"));
      }),
  },
  {
    name: "shortestPath finds the deterministic shortest directed path",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const found = await store.shortestPath(S("main"), S("helper"), { edgeKinds: ["calls"] });
        assert.deepEqual(found.path, {
          nodes: [S("main"), S("bridge"), S("shared"), S("helper")],
          edges: [edgeKey(S("main"), "calls", S("bridge")), edgeKey(S("bridge"), "calls", S("shared")), edgeKey(S("shared"), "calls", S("helper"))],
          hops: 3,
        });
        assert.equal(found.hopCapReached, false);
        assert.equal((await store.shortestPath(S("main"), S("gamma"))).path?.hops, 2);
        assert.deepEqual((await store.shortestPath(S("main"), S("gamma"))).path?.nodes, [S("main"), S("alpha"), S("gamma")]);
        assert.equal((await store.shortestPath(S("helper"), S("main"))).path, null);
        assert.equal((await store.shortestPath(S("main"), S("isolated_leaf", "isolated.rs"))).path, null);
        assert.deepEqual((await store.shortestPath(S("beta"), S("beta"))).path, { nodes: [S("beta")], edges: [], hops: 0 });
        assert.equal((await store.shortestPath("file:main.rs", S("helper"), { edgeKinds: ["calls"] })).path, null);
        assert.equal((await store.shortestPath("file:main.rs", S("helper"))).path?.hops, 1);
      }),
  },
  {
    name: "counts, sampleEdge and projectionStatus answer cheaply",
    run: (h) =>
      withStore(h, canonical, async (store) => {
        const counts = await store.counts();
        assert.equal(counts.nodes, canonical.nodes.length);
        assert.equal(counts.edges, canonical.edges.length);
        assert.equal(counts.tombstones.total, counts.tombstones.nodes + counts.tombstones.edges);
        assert.equal((await store.sampleEdge())?.id, sorted(canonicalEdges.map((e) => e.id))[0]);
        assert.equal((await store.sampleEdge({ kinds: ["calls"] }))?.id, edgeIdsWhere((e) => e.kind === "calls")[0]);
        assert.equal(await store.sampleEdge({ kinds: ["nothing"] }), null);
        const status = await store.projectionStatus();
        assert.equal(status?.projection_version, "tsift-conformance-v1");
        assert.equal(await store.projectionStatus("other-scope"), null);
      }),
  },
  {
    name: "a 120-function chain pages completely and respects the hop cap",
    run: (h) =>
      withStore(h, chainProjection(120), async (store) => {
        const ids = await collectPages(
          (cursor) => store.nodesByKind("symbol", { properties: { path: "main.rs" }, cursor, limit: 17 }),
          (n) => n.id,
          17,
        );
        assert.equal(ids.length, 121);
        assert.deepEqual(ids, sorted(new Set(ids)));
        assert.equal((await store.nodesByKind("symbol", { properties: { ref_id: "f042" } })).items.length, 1);
        const hood = await store.neighborhood(chainNodeId(0, 120), { depth: 200, edgeKinds: ["calls"], limit: 13 });
        assert.equal(hood.nodes.length, 13);
        assert.equal(hood.page.truncated, true);
        assert.equal(hood.page.total, 120);
        assert.ok(hood.edges.length <= 12);
        const capped = await store.shortestPath(chainNodeId(0, 120), chainNodeId(80, 120), { maxHops: 20, edgeKinds: ["calls"] });
        assert.equal(capped.path, null);
        assert.equal(capped.hopCapReached, true);
        assert.ok(
          capped.warnings.some((w) => w.includes("--max-hops 20")),
          capped.warnings.join("; "),
        );
        const found = await store.shortestPath(chainNodeId(0, 120), chainNodeId(80, 120), { maxHops: 200, edgeKinds: ["calls"] });
        assert.equal(found.path?.hops, 80);
        const exact = await store.shortestPath(chainNodeId(0, 120), chainNodeId(80, 120), { maxHops: 80 });
        assert.equal(exact.path?.hops, 80);
        const unreachable = await store.shortestPath(chainNodeId(80, 120), chainNodeId(0, 120), { maxHops: 200 });
        assert.equal(unreachable.hopCapReached, false);
        assert.deepEqual(unreachable.warnings, []);
      }),
  },
  {
    name: "a high-degree star pages every spoke and answers one-hop paths",
    run: (h) =>
      withStore(h, starProjection(2500), async (store) => {
        const out = await collectPages(
          (cursor) => store.outgoingEdges("hub", { cursor, limit: 400 }),
          (e) => e.id,
          400,
        );
        assert.equal(out.length, 2500);
        assert.deepEqual(out, sorted(out));
        const even = await collectPages(
          (cursor) => store.outgoingEdges("hub", { properties: { parity: "even" }, cursor, limit: 500 }),
          (e) => e.id,
          500,
        );
        assert.equal(even.length, 1250);
        const incident = await collectPages(
          (cursor) => store.incidentEdges("hub", { cursor, limit: 999 }),
          (e) => e.id,
          999,
        );
        assert.equal(incident.length, 5000);
        const hood = await store.neighborhood("hub", { depth: 1, limit: 10 });
        assert.equal(hood.page.total, 2501);
        assert.equal(hood.nodes.length, 10);
        assert.equal((await store.shortestPath("hub", "spoke:002499")).path?.hops, 1);
        assert.equal((await store.shortestPath("spoke:000001", "spoke:002499")).path?.hops, 2);
        const between = await store.edgesBetweenNodes(["hub", "spoke:000001", "spoke:002000"]);
        assert.equal(between.length, 4);
        assert.equal((await store.nodesByKind("symbol", { properties: { parity: "odd" }, limit: 0 })).items.length, 1250);
      }),
  },
  {
    name: "a deep chain is walked to its end when the caps allow",
    run: (h) =>
      withStore(h, chainProjection(700, "d"), async (store) => {
        const first = chainNodeId(0, 700, "d");
        const last = chainNodeId(699, 700, "d");
        const capped = await store.shortestPath(first, last);
        assert.equal(capped.path, null);
        assert.equal(capped.maxHops, 64);
        assert.ok(capped.warnings.some((w) => w.includes("--max-hops 64")));
        assert.equal((await store.shortestPath(first, last, { maxHops: 700 })).path?.hops, 699);
        const hood = await store.neighborhood(first, { depth: 1000, limit: 5 });
        assert.equal(hood.page.total, 700);
        assert.equal((await store.neighborhood(first, { depth: 10, limit: 0 })).nodes.length, 11);
      }),
  },
  {
    name: "a cyclic graph walked to a huge depth answers as at the depth that reaches everything",
    run: (h) =>
      withStore(h, cyclicProjection(30), async (store) => {
        const start = cyclicNodeId(0, 30);
        for (const direction of ["out", "in", "both"] as const) {
          const shallow = await store.neighborhood(start, { depth: 5, direction, limit: 0 });
          assert.equal(shallow.page.total, 30, direction);
          // Before each node was entered once, depth 20,000 took seconds and 10^6 minutes.
          for (const depth of [20_000, 1_000_000]) {
            const deep = await store.neighborhood(start, { depth, direction, limit: 0 });
            assert.deepEqual(deep, shallow, `${direction} at depth ${depth}`);
          }
          const paged = await collectPages(
            (cursor) => store.neighborhood(start, { depth: 1_000_000, direction, limit: 7, cursor }).then(asPage),
            (id) => id,
            7,
          );
          assert.deepEqual(
            paged,
            shallow.nodes.map((node) => node.id),
          );
        }
        // Each node at its smallest depth: 0 -> 1 -> 2, 3 -> 4..7 -> 8..15 -> 16..29.
        const hood = await store.neighborhood(start, { depth: 1_000_000, limit: 0 });
        assert.equal(hood.depths[start], 0);
        assert.equal(hood.depths[cyclicNodeId(1, 30)], 1);
        assert.equal(hood.depths[cyclicNodeId(3, 30)], 2);
        assert.equal(hood.depths[cyclicNodeId(29, 30)], 5);
        const level = await store.neighborhood(start, { depth: 2, limit: 0 });
        assert.deepEqual(
          level.nodes.map((node) => node.id),
          [0, 1, 2, 3].map((i) => cyclicNodeId(i, 30)),
        );
      }),
  },
];

function asPage(hood: { nodes: { id: string }[]; page: { truncated: boolean; nextCursor: string | null } }): GraphQueryPage<string> {
  return { items: hood.nodes.map((node) => node.id), truncated: hood.page.truncated, nextCursor: hood.page.nextCursor };
}
