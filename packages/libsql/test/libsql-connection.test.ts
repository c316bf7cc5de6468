import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { isTsiftError, type TsiftErrorCode } from "@tsift/core";
import { canonicalProjection } from "@tsift/core/testing";
import { openLibsqlConnection, openLibsqlGraphStore } from "../src/index";

const dir = mkdtempSync(join(tmpdir(), "tsift libsql connection "));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshPath = (name = "graph") => join(dir, `${name}-${++counter}.db`);

async function rejectsWith(promise: Promise<unknown>, code: TsiftErrorCode): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isTsiftError(error, code), `expected TsiftError ${code}, got ${String(error)}`).toBe(true);
  return error as Error;
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

describe("LibsqlConnection (local)", () => {
  it("applies WAL, busy timeout, foreign keys and in-memory temp tables, and keeps them across transactions", async () => {
    const connection = await openLibsqlConnection({ url: freshPath(), busyTimeoutMs: 1234 });
    const settings = async () => ({
      journal: (await connection.all<{ journal_mode: string }>("PRAGMA journal_mode"))[0]?.journal_mode,
      busy: (await connection.all<Record<string, number>>("PRAGMA busy_timeout"))[0],
      foreignKeys: (await connection.all<{ foreign_keys: number }>("PRAGMA foreign_keys"))[0]?.foreign_keys,
      tempStore: (await connection.all<{ temp_store: number }>("PRAGMA temp_store"))[0]?.temp_store,
      synchronous: (await connection.all<{ synchronous: number }>("PRAGMA synchronous"))[0]?.synchronous,
    });
    const expected = { journal: "wal", busy: { timeout: 1234 }, foreignKeys: 1, tempStore: 2, synchronous: 1 };
    expect(await settings()).toEqual(expected);
    await connection.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    for (let i = 0; i < 3; i++) await connection.transaction((tx) => tx.run("INSERT INTO t (v) VALUES (?)", [`v${i}`]));
    expect(await settings()).toEqual(expected);
    await connection.close();
  });

  it("commits, rolls back a failed statement, and stays usable afterwards", async () => {
    const connection = await openLibsqlConnection({ url: freshPath() });
    await connection.exec("CREATE TABLE t (id TEXT PRIMARY KEY); CREATE TABLE u (id TEXT PRIMARY KEY);");
    await connection.transaction(async (tx) => {
      await tx.run("INSERT INTO t VALUES (?)", ["kept"]);
    });
    await rejectsWith(
      connection.transaction(async (tx) => {
        await tx.run("INSERT INTO t VALUES (?)", ["rolled back"]);
        await tx.exec("INSERT INTO u VALUES ('also rolled back'); UPDATE t SET id = 'renamed' WHERE id = 'rolled back';");
        await tx.run("INSERT INTO t VALUES (?)", ["kept"]);
      }),
      "backend_error",
    );
    expect(await connection.all("SELECT id FROM t ORDER BY id")).toEqual([{ id: "kept" }]);
    expect(await connection.all("SELECT id FROM u")).toEqual([]);
    const { changes } = await connection.transaction((tx) => tx.run("INSERT INTO t VALUES (?), (?)", ["a", "b"]));
    expect(changes).toBe(2);
    const rows = await connection.all<{ n: unknown }>("SELECT COUNT(*) AS n FROM t");
    expect(rows).toEqual([{ n: 3 }]);
    expect(typeof rows[0]!.n).toBe("number");
    await connection.close();
  });

  it("refuses nested transactions and an executor used after its transaction", async () => {
    const connection = await openLibsqlConnection({ url: freshPath() });
    let leaked: { run(sql: string): Promise<unknown> } | undefined;
    await connection.transaction(async (tx) => {
      leaked = tx;
      await rejectsWith(
        connection.transaction(async () => undefined),
        "internal",
      );
    });
    await rejectsWith(leaked!.run("SELECT 1"), "internal");
    await connection.close();
    await rejectsWith(connection.all("SELECT 1"), "invalid_input");
  });

  it("holds a steady number of file descriptors across many transactions", async () => {
    if (!existsSync("/proc/self/fd")) return;
    const connection = await openLibsqlConnection({ url: freshPath() });
    await connection.exec("CREATE TABLE t (v INTEGER)");
    const before = readdirSync("/proc/self/fd").length;
    for (let i = 0; i < 200; i++) await connection.transaction((tx) => tx.run("INSERT INTO t VALUES (?)", [i]));
    // @libsql/client's own transaction() would leave two descriptors open per transaction here.
    expect(readdirSync("/proc/self/fd").length - before).toBeLessThan(10);
    await connection.close();
  });

  it("keeps an in-memory database across transactions", async () => {
    const store = await openLibsqlGraphStore(":memory:");
    await store.replaceProjection(canonicalProjection());
    await store.upsertNodes([{ id: "extra", kind: "n", label: "extra" }]);
    expect((await store.counts()).nodes).toBe(canonicalProjection().nodes.length + 1);
    await store.close();
  });

  it("reads and writes files whose paths need URL escaping, by path and by file: URL", async () => {
    const nested = join(dir, "odd #dir ?100% name");
    mkdirSync(nested);
    const path = join(nested, "graph #1.db");
    const writer = await openLibsqlGraphStore(path);
    await writer.replaceProjection(canonicalProjection());
    await writer.close();
    for (const target of [path, pathToFileURL(path).href]) {
      const reader = await openLibsqlGraphStore({ url: target, readOnly: true });
      expect(reader.location).toBe(path);
      expect((await reader.counts()).nodes).toBe(canonicalProjection().nodes.length);
      await reader.close();
    }
    expect(readdirSync(nested).filter((name) => name.endsWith(".db"))).toEqual(["graph #1.db"]);
  });
});

describe("openLibsqlGraphStore errors", () => {
  it("reports a missing file on a read-only open as not_found, without creating it", async () => {
    const path = freshPath("missing");
    await rejectsWith(openLibsqlGraphStore({ url: path, readOnly: true }), "not_found");
    await rejectsWith(openLibsqlGraphStore({ url: pathToFileURL(path).href, readOnly: true }), "not_found");
    expect(existsSync(path)).toBe(false);
  });

  it("opens an existing store read-only: reads work, writes are refused", async () => {
    const path = freshPath();
    const writer = await openLibsqlGraphStore(path);
    await writer.replaceProjection(canonicalProjection());
    await writer.close();
    const reader = await openLibsqlGraphStore({ url: path, readOnly: true });
    expect(reader.readOnly).toBe(true);
    expect((await reader.getNode("file:main.rs"))?.kind).toBe("file");
    await rejectsWith(reader.upsertNodes([{ id: "z", kind: "n", label: "z" }]), "read_only");
    await reader.close();
  });

  it("maps a writer holding the lock to lock_held", async () => {
    const path = freshPath();
    const store = await openLibsqlGraphStore({ url: path, busyTimeoutMs: 50 });
    const other = createClient({ url: pathToFileURL(path).href });
    await other.execute("BEGIN IMMEDIATE");
    try {
      await rejectsWith(store.upsertNodes([{ id: "a", kind: "n", label: "a" }]), "lock_held");
    } finally {
      await other.execute("ROLLBACK");
      other.close();
    }
    await store.upsertNodes([{ id: "a", kind: "n", label: "a" }]);
    expect((await store.counts()).nodes).toBe(1);
    await store.close();
  });

  it("maps a file that is not a database to corrupt_data and a directory to io_error", async () => {
    const junk = freshPath("junk");
    writeFileSync(junk, "this is not a SQLite database, just text that is long enough to have a header".repeat(20));
    await rejectsWith(openLibsqlGraphStore(junk), "corrupt_data");
    const folder = join(dir, `folder-${++counter}`);
    mkdirSync(folder);
    await rejectsWith(openLibsqlGraphStore(folder), "io_error");
  });

  it("reports an unreachable server as backend_error naming the URL without the token", async () => {
    const port = await closedPort();
    for (const url of [`http://127.0.0.1:${port}`, `ws://127.0.0.1:${port}`, `libsql://127.0.0.1:${port}?tls=0&authToken=query-secret`]) {
      const error = await rejectsWith(openLibsqlGraphStore({ url, authToken: "tok-secret-123" }), "backend_error");
      expect(error.message).toContain(`127.0.0.1:${port}`);
      expect(error.message).not.toMatch(/secret/u);
      expect(JSON.stringify((error as { details?: unknown }).details)).not.toMatch(/secret/u);
    }
  });

  it("refuses credentials in a remote URL, pointing at authToken, without echoing them", async () => {
    const error = await rejectsWith(openLibsqlGraphStore({ url: "libsql://reader:pw-secret@db.example.com" }), "invalid_input");
    expect(error.message).not.toMatch(/pw-secret|reader/u);
  });

  it("reports a refused token as backend_error with a hint about the token", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(401);
      response.end("unauthorized");
    });
    const port = await listen(server);
    try {
      const error = await rejectsWith(openLibsqlGraphStore({ url: `http://127.0.0.1:${port}`, authToken: "wrong-token" }), "backend_error");
      expect((error as { hint?: string }).hint).toMatch(/TSIFT_LIBSQL_AUTH_TOKEN/u);
      expect(error.message).not.toContain("wrong-token");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reports remote connections with the remote backend id and a credential-free location", async () => {
    const connection = await openLibsqlConnection({ url: "libsql://db.example.com?authToken=abc", authToken: "abc" });
    expect(connection.backend).toBe("libsql-remote");
    expect(connection.location).toBe("libsql://db.example.com");
    expect(connection.supportsTempTables).toBe(false);
    await connection.close();
  });
});
