/**
 * The SQLite and libSQL backends share one file format and one set of queries; the
 * Convex snapshot store answers from memory. These tests hold all three to the same
 * answers, row for row, and move files between the two SQL backends in both directions.
 */
import { deepEqual } from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { ConvexSnapshotGraphStore, toConvexRows, type GraphProjection, type GraphStore } from "@tsift/core";
import { canonicalProjection, chainProjection, paritySignature, starProjection } from "@tsift/core/testing";
import { openLibsqlGraphStore } from "@tsift/libsql";
import { openSqliteGraphStore } from "@tsift/sqlite";

const dir = mkdtempSync(join(tmpdir(), "tsift backend interop "));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshPath = (label: string) => join(dir, `${label}-${++counter}.db`);

type Opener = (path: string, readOnly?: boolean) => Promise<GraphStore>;
const backends: Record<"sqlite" | "libsql", Opener> = {
  sqlite: (path, readOnly = false) => openSqliteGraphStore(path, { readOnly }),
  libsql: (path, readOnly = false) => openLibsqlGraphStore({ url: path, readOnly }),
};

const kindsOf = (projection: GraphProjection) => [...new Set(projection.nodes.map((node) => node.kind))].sort();

async function signatureOf(store: GraphStore, projection: GraphProjection): Promise<Record<string, unknown>> {
  try {
    return await paritySignature(store, { kinds: kindsOf(projection) });
  } finally {
    await store.close();
  }
}

async function writtenBy(open: Opener, projection: GraphProjection): Promise<string> {
  const path = freshPath("written");
  const store = await open(path);
  await store.replaceProjection(projection);
  await store.close();
  return path;
}

describe("graph.db files move between the SQLite and libSQL backends", () => {
  for (const [writer, reader] of [
    ["sqlite", "libsql"],
    ["libsql", "sqlite"],
  ] as const) {
    it(`a file written by ${writer} reads identically in ${reader}`, async () => {
      const projection = canonicalProjection();
      const path = await writtenBy(backends[writer], projection);
      const expected = await signatureOf(await backends[writer](path, true), projection);
      deepEqual(await signatureOf(await backends[reader](path, true), projection), expected);
      deepEqual(await signatureOf(await backends[reader](path), projection), expected);
    });

    it(`a file written by ${writer} and refreshed by ${reader} reads identically in both`, async () => {
      const first = chainProjection(40);
      const next = chainProjection(60);
      const path = await writtenBy(backends[writer], first);
      const refresher = await backends[reader](path);
      const report = await refresher.replaceProjection(next);
      await refresher.close();
      deepEqual([report.nodes.upserted, report.nodes.unchanged], [next.nodes.length - first.nodes.length, first.nodes.length]);
      const expected = await signatureOf(await backends[reader](path, true), next);
      deepEqual(await signatureOf(await backends[writer](path, true), next), expected);
    });
  }
});

describe("SQLite, libSQL and Convex snapshot stores answer row for row", () => {
  const projections: [string, () => GraphProjection][] = [
    ["canonical", canonicalProjection],
    ["chain(120)", () => chainProjection(120)],
    ["star(300)", () => starProjection(300)],
  ];
  for (const [name, make] of projections) {
    it(`${name}: identical parity signatures`, async () => {
      const projection = make();
      const sqlite = await signatureOf(await openSqliteGraphStore(await writtenBy(backends.sqlite, projection)), projection);
      const libsql = await signatureOf(await openLibsqlGraphStore(await writtenBy(backends.libsql, projection)), projection);
      const convex = await signatureOf(ConvexSnapshotGraphStore.fromRows(toConvexRows(projection)), projection);
      deepEqual(libsql, sqlite);
      deepEqual(convex, sqlite);
    });
  }
});
