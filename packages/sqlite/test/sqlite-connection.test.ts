import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SqlValue } from "@tsift/core";
import { canonicalProjection } from "@tsift/core/testing";
import { openSqliteConnection, openSqliteGraphStore } from "../src/index";

const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-connection-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SqliteConnection onQuery", () => {
  it("sees every statement with its parameters, transaction control included", async () => {
    const seen: { sql: string; params: readonly SqlValue[] }[] = [];
    const connection = openSqliteConnection(join(dir, "observed.db"), { onQuery: (sql, params) => seen.push({ sql, params }) });
    await connection.exec("CREATE TABLE t (x)");
    await connection.transaction(async (tx) => {
      await tx.run("INSERT INTO t VALUES (?)", [1]);
    });
    expect(await connection.all("SELECT x FROM t WHERE x = ?", [1])).toEqual([{ x: 1 }]);
    await connection.close();
    expect(seen).toEqual([
      { sql: "CREATE TABLE t (x)", params: [] },
      { sql: "BEGIN IMMEDIATE", params: [] },
      { sql: "INSERT INTO t VALUES (?)", params: [1] },
      { sql: "COMMIT", params: [] },
      { sql: "SELECT x FROM t WHERE x = ?", params: [1] },
    ]);
  });

  it("reaches the store's statements through openSqliteGraphStore", async () => {
    const seen: string[] = [];
    const store = await openSqliteGraphStore(join(dir, "graph.db"), { onQuery: (sql) => seen.push(sql) });
    await store.replaceProjection(canonicalProjection());
    seen.length = 0;
    await store.getNode("sym:main.rs:main");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/FROM graph_nodes WHERE id = \?/);
    await store.close();
  });

  it("reports recovery: null on a normal open", async () => {
    const connection = openSqliteConnection(join(dir, "plain.db"));
    expect(connection.recovery).toBeNull();
    expect(connection.snapshotPath).toBeNull();
    await connection.close();
  });
});
