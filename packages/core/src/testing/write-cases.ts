import assert from "node:assert/strict";
import { edgeKey } from "../edge-key";
import { isTsiftError } from "../errors";
import type { GraphStore } from "../graph-store";
import type { GraphNode, GraphProjection } from "../graph-types";
import { canonicalProjection } from "./fixtures";
import { withStore, type ConformanceCase } from "./harness";

const node = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({ id, kind: "n", label: id, ...extra });

function tinyProjection(): GraphProjection {
  return {
    nodes: [node("a", { properties: { color: "red", size: "1" } }), node("b", { properties: { color: "blue" } }), node("c")],
    edges: [
      { from_id: "a", to_id: "b", kind: "link", properties: { weight: "1" } },
      { from_id: "b", to_id: "c", kind: "link" },
    ],
  };
}

async function snapshot(store: GraphStore) {
  const nodes = await store.nodesByKind("n", { limit: 0 });
  const edges = await store.scanEdges({ limit: 0 });
  return { nodes: nodes.items, edges: edges.items, counts: await store.counts(), status: await store.projectionStatus() };
}

export const writeCases: ConformanceCase[] = [
  {
    name: "upserts replace rows and materialize properties; edges need both endpoints",
    requires: ["write"],
    run: (h) =>
      withStore(h, undefined, async (store) => {
        await store.upsertNodes([node("a", { properties: { color: "red" } }), node("b")]);
        await store.upsertNodes([node("a", { label: "A", properties: { shape: "round" } })]);
        assert.deepEqual(await store.getNode("a"), { id: "a", kind: "n", label: "A", properties: { shape: "round" } });
        assert.deepEqual((await store.nodesByKind("n", { properties: { color: "red" } })).items, []);
        assert.deepEqual(
          (await store.nodesByKind("n", { properties: { shape: "round" } })).items.map((n) => n.id),
          ["a"],
        );
        const [edge] = await store.upsertEdges([{ from_id: "a", to_id: "b", kind: "link", properties: { w: "1" } }]);
        assert.equal(edge?.id, edgeKey("a", "link", "b"));
        await assert.rejects(
          store.upsertEdges([
            { from_id: "a", to_id: "b", kind: "other" },
            { from_id: "a", to_id: "ghost", kind: "link" },
          ]),
          (error) => isTsiftError(error, "invalid_input") && error.message.includes("ghost"),
        );
        assert.equal((await store.counts()).edges, 1, "a rejected batch writes nothing");
        await assert.rejects(store.upsertEdges([{ id: "edge:wrong", from_id: "a", to_id: "b", kind: "link" }]), (error) =>
          isTsiftError(error, "invalid_input"),
        );
        await assert.rejects(store.upsertNodes([{ id: "", kind: "n", label: "" }]), (error) => isTsiftError(error, "invalid_input"));
      }),
  },
  {
    name: "deletes remove incident edges and leave tombstones that a re-upsert prunes",
    requires: ["write"],
    run: (h) =>
      withStore(h, tinyProjection(), async (store) => {
        const before = (await store.counts()).tombstones.total;
        assert.equal(await store.deleteNodes(["b", "missing"]), 1);
        assert.equal(await store.getNode("b"), null);
        assert.deepEqual((await store.scanEdges()).items, []);
        const tombstones = (await store.tombstones({ limit: 0 })).items;
        assert.deepEqual(
          tombstones.map((t) => [t.row_key, t.row_kind]).sort(),
          [
            ["b", "node"],
            [edgeKey("a", "link", "b"), "edge"],
            [edgeKey("b", "link", "c"), "edge"],
          ].sort(),
        );
        assert.equal((await store.counts()).tombstones.total, before + 3);
        await store.upsertNodes([node("b")]);
        assert.ok(!(await store.tombstones({ limit: 0 })).items.some((t) => t.row_key === "b"));
        await store.upsertEdges([{ from_id: "a", to_id: "b", kind: "link" }]);
        assert.equal(await store.deleteEdges([edgeKey("a", "link", "b"), "edge:missing"]), 1);
        assert.ok((await store.tombstones({ limit: 0 })).items.some((t) => t.row_key === edgeKey("a", "link", "b") && t.row_kind === "edge"));
        assert.equal(await store.deleteNodes([]), 0);
      }),
  },
  {
    name: "replaceProjection reports exact deltas and skips unchanged rows",
    requires: ["write"],
    run: (h) =>
      withStore(h, undefined, async (store) => {
        const cold = await store.replaceProjection(tinyProjection(), { sourceWatermark: "w1", nowUnix: 1000 });
        assert.deepEqual(
          [cold.nodes, cold.edges],
          [
            { upserted: 3, deleted: 0, unchanged: 0 },
            { upserted: 2, deleted: 0, unchanged: 0 },
          ],
        );
        assert.deepEqual(cold.node_properties, { upserted: 3, deleted: 0, unchanged: 0 });
        assert.deepEqual(cold.edge_properties, { upserted: 1, deleted: 0, unchanged: 0 });
        assert.equal(cold.source_watermark, "w1");
        assert.ok(cold.phase_timings.length > 0 && cold.phase_timings.every((p) => p.duration_micros >= 0));

        const same = await store.replaceProjection(
          { nodes: [...tinyProjection().nodes].reverse(), edges: [...tinyProjection().edges].reverse() },
          { nowUnix: 1001 },
        );
        assert.deepEqual(
          [same.nodes, same.edges],
          [
            { upserted: 0, deleted: 0, unchanged: 3 },
            { upserted: 0, deleted: 0, unchanged: 2 },
          ],
        );
        assert.deepEqual(same.node_properties, { upserted: 0, deleted: 0, unchanged: 3 });
        assert.equal(same.content_hash, cold.content_hash, "row order does not change the content hash");

        const next = tinyProjection();
        next.nodes = [node("a", { properties: { color: "green", size: "1" } }), node("b", { properties: { color: "blue" } }), node("d")];
        next.edges = [
          { from_id: "a", to_id: "b", kind: "link", properties: { weight: "1" } },
          { from_id: "a", to_id: "d", kind: "link" },
        ];
        const changed = await store.replaceProjection(next, { nowUnix: 1002 });
        assert.deepEqual(changed.nodes, { upserted: 2, deleted: 1, unchanged: 1 });
        assert.deepEqual(changed.edges, { upserted: 1, deleted: 1, unchanged: 1 });
        assert.deepEqual(changed.node_properties, { upserted: 1, deleted: 0, unchanged: 2 });
        assert.notEqual(changed.content_hash, cold.content_hash);
        assert.equal(changed.tombstones.written, 2);
        assert.deepEqual(
          (await store.nodesByKind("n", { properties: { color: "green" } })).items.map((n) => n.id),
          ["a"],
        );
        assert.deepEqual((await store.nodesByKind("n", { properties: { color: "red" } })).items, []);
        const tombstones = (await store.tombstones({ limit: 0 })).items;
        assert.deepEqual(tombstones.map((t) => t.row_key).sort(), ["c", edgeKey("b", "link", "c")].sort());

        const back = await store.replaceProjection(tinyProjection(), { nowUnix: 1003 });
        assert.equal(back.tombstones.pruned, 2, "rows that reappear lose their tombstones");
        assert.equal(back.content_hash, cold.content_hash);
        assert.deepEqual((await store.tombstones({ limit: 0 })).items.map((t) => t.row_key).sort(), ["d", edgeKey("a", "link", "d")].sort());
        const status = await store.projectionStatus();
        assert.equal(status?.projection_version, "unversioned");
        assert.equal(status?.content_hash, cold.content_hash);
        assert.equal(status?.observed_at_unix, 1003);
      }),
  },
  {
    name: "a refresh after direct writes restores the projection exactly",
    requires: ["write"],
    run: (h) =>
      withStore(h, undefined, async (store) => {
        await store.replaceProjection(tinyProjection(), { nowUnix: 1000 });
        const refreshed = await snapshot(store);
        // Writes outside a refresh: the next refresh of the same projection must see and undo them.
        await store.upsertNodes([node("a", { properties: { color: "black" } }), node("extra")]);
        await store.deleteEdges([edgeKey("b", "link", "c")]);
        const again = await store.replaceProjection(tinyProjection(), { nowUnix: 1000 });
        assert.deepEqual(again.nodes, { upserted: 1, deleted: 1, unchanged: 2 });
        assert.deepEqual(again.edges, { upserted: 1, deleted: 0, unchanged: 1 });
        const restored = await snapshot(store);
        assert.deepEqual(restored.nodes, refreshed.nodes);
        assert.deepEqual(restored.edges, refreshed.edges);
        assert.deepEqual([restored.counts.nodes, restored.counts.edges], [refreshed.counts.nodes, refreshed.counts.edges]);

        const unchanged = await store.replaceProjection(tinyProjection(), { nowUnix: 1001 });
        assert.deepEqual(
          [unchanged.nodes, unchanged.edges],
          [
            { upserted: 0, deleted: 0, unchanged: 3 },
            { upserted: 0, deleted: 0, unchanged: 2 },
          ],
        );
        assert.deepEqual(unchanged.node_properties, { upserted: 0, deleted: 0, unchanged: 3 });
        await store.deleteNodes(["c"]);
        const afterDelete = await store.replaceProjection(tinyProjection(), { nowUnix: 1002 });
        assert.deepEqual(
          [afterDelete.nodes, afterDelete.edges],
          [
            { upserted: 1, deleted: 0, unchanged: 2 },
            { upserted: 1, deleted: 0, unchanged: 1 },
          ],
        );
        assert.deepEqual((await snapshot(store)).edges, refreshed.edges);
      }),
  },
  {
    name: "replaceProjection rejects an invalid projection before writing",
    requires: ["write"],
    run: (h) =>
      withStore(h, canonicalProjection(), async (store) => {
        const before = await store.counts();
        await assert.rejects(
          store.replaceProjection({ nodes: [node("x"), node("x")], edges: [] }),
          (error) => isTsiftError(error, "invalid_input") && error.message.includes("duplicate"),
        );
        await assert.rejects(
          store.replaceProjection({ nodes: [node("x")], edges: [{ from_id: "x", to_id: "y", kind: "k" }] }),
          (error) => isTsiftError(error, "invalid_input") && error.message.includes("y"),
        );
        assert.deepEqual(await store.counts(), before);
        assert.equal((await store.projectionStatus())?.projection_version, "tsift-conformance-v1");
      }),
  },
  {
    name: "a refresh that fails mid-transaction leaves the previous projection intact",
    requires: ["write", "failure-injection"],
    run: (h) =>
      withStore(h, tinyProjection(), async (store) => {
        const before = await snapshot(store);
        await h.failEdgeInserts!(store);
        const next = tinyProjection();
        next.nodes = [...next.nodes, node("e")];
        next.edges = [...next.edges, { from_id: "c", to_id: "e", kind: "link" }];
        await assert.rejects(store.replaceProjection(next));
        assert.deepEqual(await snapshot(store), before);
        assert.equal(await store.getNode("e"), null);
      }),
  },
  {
    name: "property filters find every value a cold load or an upsert stored, whatever its characters",
    requires: ["write"],
    run: async (h) => {
      // JSON escapes some of these (quote, backslash, newline) and must escape the others
      // as \uXXXX (controls, lone surrogates): a cold load stores both kinds of value.
      const plain = ['say "hi"', "back\\slash", "line\nbreak", "tab\there", "caf\u00e9", "emoji \u{1f600}", "sep\u2028", ""];
      const escaped = ["ctl\u0001", "lone \ud800", "\\u0041 literally"];
      const projectionOf = (values: string[]): GraphProjection => ({
        nodes: [node("hub"), ...values.map((value, i) => node(`v${i}`, { properties: { v: value, i: String(i) } }))],
        edges: values.map((value, i) => ({ from_id: "hub", to_id: `v${i}`, kind: "has", properties: { v: value } })),
      });
      const check = async (store: GraphStore, values: string[]) => {
        for (const [i, value] of values.entries()) {
          assert.deepEqual(
            (await store.nodesByKind("n", { properties: { v: value } })).items.map((n) => n.id),
            [`v${i}`],
            `node value ${JSON.stringify(value)}`,
          );
          assert.deepEqual(
            (await store.scanEdges({ properties: { v: value } })).items.map((e) => e.to_id),
            [`v${i}`],
            `edge value ${JSON.stringify(value)}`,
          );
          assert.deepEqual((await store.getNode(`v${i}`))?.properties, { i: String(i), v: value });
        }
      };
      for (const values of [plain, [...plain, ...escaped]]) {
        await withStore(h, undefined, async (store) => {
          const report = await store.replaceProjection(projectionOf(values));
          assert.equal(report.node_properties.upserted, values.length * 2);
          assert.equal(report.edge_properties.upserted, values.length);
          await check(store, values);
          const again = await store.replaceProjection(projectionOf(values));
          assert.equal(again.nodes.upserted + again.edges.upserted, 0, "an unchanged refresh rewrites nothing");
        });
        await withStore(h, undefined, async (store) => {
          const { nodes, edges } = projectionOf(values);
          await store.upsertNodes(nodes);
          await store.upsertEdges(edges);
          await check(store, values);
        });
      }
    },
  },
  {
    name: "property filters follow every change: refreshes, upserts and deletes leave no stale value behind",
    requires: ["write"],
    run: (h) =>
      withStore(h, tinyProjection(), async (store) => {
        const ids = async (properties: Record<string, string>) => (await store.nodesByKind("n", { properties, limit: 0 })).items.map((n) => n.id);
        const edgeTargets = async (properties: Record<string, string>) => (await store.scanEdges({ properties, limit: 0 })).items.map((e) => e.to_id);
        // a changes a value and drops a key, b disappears with its edge, c gains properties.
        const report = await store.replaceProjection({
          nodes: [node("a", { properties: { color: "green" } }), node("c", { properties: { color: "red" } })],
          edges: [{ from_id: "a", to_id: "c", kind: "link", properties: { weight: "2" } }],
        });
        assert.deepEqual(report.node_properties, { upserted: 2, deleted: 2, unchanged: 0 });
        assert.deepEqual(await ids({ color: "red" }), ["c"]);
        assert.deepEqual(await ids({ color: "green" }), ["a"]);
        assert.deepEqual(await ids({ color: "blue" }), []);
        assert.deepEqual(await ids({ size: "1" }), []);
        assert.deepEqual(await edgeTargets({ weight: "1" }), []);
        assert.deepEqual(await edgeTargets({ weight: "2" }), ["c"]);
        await store.upsertNodes([node("c", { properties: { color: "blue", size: "2" } })]);
        assert.deepEqual(await ids({ color: "red" }), []);
        assert.deepEqual(await ids({ color: "blue", size: "2" }), ["c"]);
        await store.upsertEdges([{ from_id: "a", to_id: "c", kind: "link" }]);
        assert.deepEqual(await edgeTargets({ weight: "2" }), []);
        await store.upsertEdges([{ from_id: "a", to_id: "c", kind: "link", properties: { weight: "3" } }]);
        await store.deleteNodes(["c"]);
        assert.deepEqual(await ids({ color: "blue" }), []);
        assert.deepEqual(await edgeTargets({ weight: "3" }), []);
        await store.upsertNodes([node("c")]);
        assert.deepEqual(await ids({ size: "2" }), [], "a node deleted and added again has only its new properties");
      }),
  },
  {
    name: "a store from a newer schema version fails closed",
    requires: ["write", "schema-version"],
    run: (h) =>
      withStore(h, tinyProjection(), async (store) => {
        await assert.rejects(
          h.reopenWithUserVersion!(store, 999),
          (error) => isTsiftError(error, "schema_newer") && error.message.includes("schema version 999 is newer than supported"),
        );
      }),
  },
  {
    name: "writes to a read-only store are refused",
    run: async (h) => {
      if (h.writable) return;
      await withStore(h, tinyProjection(), async (store) => {
        await assert.rejects(store.upsertNodes([node("z")]), (error) => isTsiftError(error, "read_only"));
        await assert.rejects(store.replaceProjection(tinyProjection()), (error) => isTsiftError(error, "read_only"));
      });
    },
  },
];
