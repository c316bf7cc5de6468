import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { afterAll, describe, it } from "vitest";
import { SQLITE_GRAPH_SCHEMA_VERSION, type GraphStore } from "@tsift/core";
import { conformanceSkipReason, graphStoreConformanceCases, type GraphStoreHarness } from "@tsift/core/testing";
import { openLibsqlGraphStore, type LibsqlGraphStoreOptions } from "../src/index";

const FAIL_TRIGGER = "tsift_conformance_fail_edges";
const failTriggerSql = `CREATE TRIGGER ${FAIL_TRIGGER} BEFORE INSERT ON graph_edges BEGIN SELECT RAISE(ABORT, 'injected edge insert failure'); END`;

/** Runs a script on a short-lived side client, as another process would. */
async function withSideClient(url: string, authToken: string | undefined, body: (client: Client) => Promise<void>): Promise<void> {
  const client = createClient(authToken === undefined ? { url } : { url, authToken });
  try {
    await body(client);
  } finally {
    client.close();
  }
}

function runConformance(harness: GraphStoreHarness): void {
  for (const testCase of graphStoreConformanceCases) {
    const reason = conformanceSkipReason(testCase, harness);
    if (reason) it.skip(`${testCase.name} (skipped: ${reason})`, () => {});
    else it(testCase.name, () => testCase.run(harness));
  }
}

const dir = mkdtempSync(join(tmpdir(), "tsift libsql conformance "));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const localUrls = new WeakMap<GraphStore, string>();

const localHarness: GraphStoreHarness = {
  backend: "libsql",
  writable: true,
  async create(seed) {
    // A space in the directory name keeps path-to-URL conversion honest on every run.
    const path = join(dir, `graph ${++counter}.db`);
    const store = await openLibsqlGraphStore(path);
    localUrls.set(store, pathToFileURL(path).href);
    if (seed) await store.replaceProjection(seed);
    return store;
  },
  async failEdgeInserts(store) {
    // executeMultiple never prepares a statement, so the side client's handle closes at once.
    await withSideClient(localUrls.get(store)!, undefined, (client) => client.executeMultiple(`${failTriggerSql};`));
  },
  async reopenWithUserVersion(store, version) {
    const url = localUrls.get(store)!;
    await store.close();
    await withSideClient(url, undefined, (client) => client.executeMultiple(`PRAGMA user_version = ${version};`));
    return openLibsqlGraphStore(url);
  },
};

describe("LibsqlGraphStore conformance (local file)", () => {
  runConformance(localHarness);
});

const remoteUrl = process.env.TSIFT_LIBSQL_URL;
const remoteToken = process.env.TSIFT_LIBSQL_AUTH_TOKEN || undefined;

/**
 * Every case starts from an empty graph on the shared server database: leftovers of the
 * previous case (rows, the failure trigger, a bumped user_version) are removed first.
 */
async function resetRemote(url: string, authToken: string | undefined): Promise<void> {
  await withSideClient(url, authToken, async (client) => {
    const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'graph_nodes'");
    const statements = [`DROP TRIGGER IF EXISTS ${FAIL_TRIGGER}`];
    if (tables.rows.length > 0) {
      statements.push(
        `PRAGMA user_version = ${SQLITE_GRAPH_SCHEMA_VERSION}`,
        "DELETE FROM graph_edge_properties",
        "DELETE FROM graph_node_properties",
        "DELETE FROM graph_edges",
        "DELETE FROM graph_nodes",
        "DELETE FROM graph_tombstones",
        "DELETE FROM graph_projection_versions",
      );
    }
    await client.executeMultiple(statements.map((statement) => `${statement};`).join("\n"));
  });
}

describe("LibsqlGraphStore conformance (remote server)", () => {
  if (!remoteUrl) {
    it.skip("remote libSQL conformance (skipped: set TSIFT_LIBSQL_URL to run against a libSQL server)", () => {});
    return;
  }
  const options: LibsqlGraphStoreOptions = remoteToken === undefined ? { url: remoteUrl } : { url: remoteUrl, authToken: remoteToken };
  const remoteHarness: GraphStoreHarness = {
    backend: "libsql-remote",
    writable: true,
    async create(seed) {
      await resetRemote(remoteUrl, remoteToken);
      const store = await openLibsqlGraphStore(options);
      if (seed) await store.replaceProjection(seed);
      return store;
    },
    async failEdgeInserts() {
      await withSideClient(remoteUrl, remoteToken, (client) => client.executeMultiple(`${failTriggerSql};`));
    },
    async reopenWithUserVersion(store, version) {
      await store.close();
      await withSideClient(remoteUrl, remoteToken, (client) => client.executeMultiple(`PRAGMA user_version = ${version};`));
      return openLibsqlGraphStore(options);
    },
  };
  runConformance(remoteHarness);
  afterAll(() => resetRemote(remoteUrl, remoteToken));
});
