import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, it } from "vitest";
import type { GraphStore } from "@tsift/core";
import { conformanceSkipReason, graphStoreConformanceCases, type GraphStoreHarness } from "@tsift/core/testing";
import { openSqliteGraphStore } from "../src/index";

const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-conformance-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const paths = new WeakMap<GraphStore, string>();

const harness: GraphStoreHarness = {
  backend: "sqlite",
  writable: true,
  async create(seed) {
    const path = join(dir, `graph-${++counter}.db`);
    const store = await openSqliteGraphStore(path);
    paths.set(store, path);
    if (seed) await store.replaceProjection(seed);
    return store;
  },
  async failEdgeInserts(store) {
    const db = new Database(paths.get(store)!);
    db.exec("CREATE TRIGGER fail_edges BEFORE INSERT ON graph_edges BEGIN SELECT RAISE(ABORT, 'injected edge insert failure'); END");
    db.close();
  },
  async reopenWithUserVersion(store, version) {
    const path = paths.get(store)!;
    await store.close();
    const db = new Database(path);
    db.pragma(`user_version = ${version}`);
    db.close();
    return openSqliteGraphStore(path);
  },
};

describe("SqliteGraphStore conformance", () => {
  for (const testCase of graphStoreConformanceCases) {
    const reason = conformanceSkipReason(testCase, harness);
    if (reason) it.skip(`${testCase.name} (skipped: ${reason})`, () => {});
    else it(testCase.name, () => testCase.run(harness));
  }
});
