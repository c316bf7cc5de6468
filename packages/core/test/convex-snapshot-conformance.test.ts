import { describe, it } from "vitest";
import { ConvexSnapshotGraphStore, toConvexRows } from "../src/index";
import { conformanceSkipReason, graphStoreConformanceCases, type GraphStoreHarness } from "../src/testing/index";

const harness: GraphStoreHarness = {
  backend: "convex-snapshot",
  writable: false,
  async create(seed) {
    return ConvexSnapshotGraphStore.fromRows(toConvexRows(seed ?? { nodes: [], edges: [] }));
  },
};

describe("ConvexSnapshotGraphStore conformance (read operations)", () => {
  for (const testCase of graphStoreConformanceCases) {
    const reason = conformanceSkipReason(testCase, harness);
    if (reason) it.skip(`${testCase.name} (skipped: ${reason})`, () => {});
    else it(testCase.name, () => testCase.run(harness));
  }
});
