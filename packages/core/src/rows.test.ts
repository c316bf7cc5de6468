import { describe, expect, it } from "vitest";
import { MultisetHash, projectionContentHash } from "./content-hash";
import { edgeKey } from "./edge-key";
import { decodeEdgeRow, decodeNodeRow, encodeEdgeRow, encodeNodeRow, normalizeEdge, normalizeNode } from "./rows";

describe("row normalization and encoding", () => {
  it("sorts properties, drops empty parts and round-trips through the SQL encoding", () => {
    const node = normalizeNode({ id: "n", kind: "k", label: "L", properties: { z: "1", a: "2" }, provenance: [], freshness: {} });
    expect(node).toEqual({ id: "n", kind: "k", label: "L", properties: { a: "2", z: "1" } });
    expect(Object.keys(node.properties!)).toEqual(["a", "z"]);
    expect(decodeNodeRow(encodeNodeRow(node))).toEqual(node);
    const edge = normalizeEdge({ from_id: "a", to_id: "b", kind: "calls", freshness: { observed_at_unix: 5.7 } });
    expect(edge).toEqual({ id: edgeKey("a", "calls", "b"), from_id: "a", to_id: "b", kind: "calls", freshness: { observed_at_unix: 5 } });
    expect(decodeEdgeRow(encodeEdgeRow(edge))).toEqual(edge);
  });

  it("rejects rows that would corrupt the store", () => {
    expect(() => normalizeNode({ id: "", kind: "k", label: "" })).toThrowError(expect.objectContaining({ code: "invalid_input" }));
    expect(() => normalizeNode({ id: "n", kind: "k", label: "", properties: { n: 1 as unknown as string } })).toThrowError(/must be a string/);
    expect(() => normalizeEdge({ id: "edge:x", from_id: "a", to_id: "b", kind: "k" })).toThrowError(/does not match/);
  });

  it("hashes rows by content, including the id", () => {
    const a = encodeNodeRow(normalizeNode({ id: "a", kind: "k", label: "x" }));
    const b = encodeNodeRow(normalizeNode({ id: "b", kind: "k", label: "x" }));
    expect(a.row_hash).not.toBe(b.row_hash);
    expect(encodeNodeRow(normalizeNode({ id: "a", kind: "k", label: "x" })).row_hash).toBe(a.row_hash);
  });

  it("computes an order-independent projection hash", () => {
    const hashes = ["00000001ffffffff0000000000000000", "0000000200000001ffffffffffffffff", "abcdef0123456789abcdef0123456789"];
    const forward = new MultisetHash();
    const backward = new MultisetHash();
    hashes.forEach((h) => forward.add(h));
    [...hashes].reverse().forEach((h) => backward.add(h));
    const empty = new MultisetHash();
    expect(projectionContentHash(forward, empty)).toBe(projectionContentHash(backward, empty));
    expect(projectionContentHash(forward, empty)).not.toBe(projectionContentHash(empty, forward));
  });
});
