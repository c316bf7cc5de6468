import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeEdge, normalizeNode, toConvexRows } from "@tsift/core";
import { canonicalProjection } from "@tsift/core/testing";

const dir = join(import.meta.dirname, "..", "fixtures", "graph-db");
const read = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));

describe("committed graph-db fixtures", () => {
  it("match the conformance fixtures they were generated from", () => {
    const projection = canonicalProjection();
    expect(read("canonical-rows.json").nodes).toEqual(projection.nodes.map(normalizeNode));
    expect(read("canonical-rows.json").edges).toEqual(projection.edges.map(normalizeEdge));
    const convex = toConvexRows(projection);
    expect(read("canonical-convex-snapshot.json").nodes).toEqual(convex.nodes);
    expect(read("canonical-convex-snapshot.json").edges).toEqual(convex.edges);
  });
});
