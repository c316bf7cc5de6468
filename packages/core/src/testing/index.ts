/**
 * The GraphStore conformance kit: fixtures and backend-neutral cases that every store
 * must pass, written with node:assert so any test runner (or a script) can drive them.
 * Third-party backends can run the same cases.
 */
import { readCases } from "./read-cases";
import { writeCases } from "./write-cases";
import type { ConformanceCase } from "./harness";

export const graphStoreConformanceCases: readonly ConformanceCase[] = [...readCases, ...writeCases];
export { collectPages } from "./read-cases";
export { conformanceSkipReason, withStore, type ConformanceCase, type ConformanceRequirement, type GraphStoreHarness } from "./harness";
export { CANONICAL_PROJECTION_VERSION, canonicalProjection, chainNodeId, chainProjection, cyclicNodeId, cyclicProjection, starProjection } from "./fixtures";
export { paritySignature } from "./parity";
