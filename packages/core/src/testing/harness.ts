import type { GraphStore } from "../graph-store";
import type { GraphProjection } from "../graph-types";

/** What a backend provides so the conformance cases can drive it. */
export interface GraphStoreHarness {
  backend: string;
  /** False for read-only backends: cases that write are skipped, with the reason reported. */
  writable: boolean;
  /** A fresh store holding exactly `seed` (empty when omitted). */
  create(seed?: GraphProjection): Promise<GraphStore>;
  /** SQL backends: make the next edge insert fail mid-transaction (a trigger raising ABORT). */
  failEdgeInserts?(store: GraphStore): Promise<void>;
  /** SQL backends: reopen the store's file after setting its `user_version`. */
  reopenWithUserVersion?(store: GraphStore, version: number): Promise<GraphStore>;
}

export type ConformanceRequirement = "write" | "failure-injection" | "schema-version";

export interface ConformanceCase {
  name: string;
  requires?: ConformanceRequirement[];
  run(harness: GraphStoreHarness): Promise<void>;
}

/** Why a case cannot run on this harness, or null when it can. */
export function conformanceSkipReason(testCase: ConformanceCase, harness: GraphStoreHarness): string | null {
  for (const requirement of testCase.requires ?? []) {
    if (requirement === "write" && !harness.writable) return `${harness.backend} is read-only`;
    if (requirement === "failure-injection" && !harness.failEdgeInserts) return `${harness.backend} has no failure injection`;
    if (requirement === "schema-version" && !harness.reopenWithUserVersion) return `${harness.backend} has no schema version`;
  }
  return null;
}

/** Opens a store for a case and always closes it. */
export async function withStore<T>(harness: GraphStoreHarness, seed: GraphProjection | undefined, body: (store: GraphStore) => Promise<T>): Promise<T> {
  const store = await harness.create(seed);
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}
