import { spawn } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../src/mcp/serve-mcp";
import { builtBin, waitUntil } from "./helpers";
import { project, tsift } from "./index-helpers";

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
};

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };

/** A raw `tsift mcp` child, initialized, so the test decides how its stdin ends. */
async function rawServer(root: string) {
  const child = spawn(process.execPath, [builtBin, "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`,
  );
  await waitUntil(() => out.includes('"id":1'), "initialize answered");
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return { child, exited };
}

describe("tsift mcp between edits", () => {
  it("answers from the index as it is after an edit, and sees the edit once another process refreshes the index", async () => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const server = createMcpServer({ root });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "tsift-test", version: "1.0.0" });
    await client.connect(clientSide);
    const symbols = async () =>
      (JSON.parse(((await client.callTool({ name: "symbols", arguments: { name: "addedLater" } })) as ToolText).content[0]!.text) as { total: number }).total;
    try {
      expect(await symbols()).toBe(0);
      writeFileSync(join(root, "src", "later.ts"), "import { main } from './main';\nexport function addedLater() { return main(); }\n");
      const indexDb = statSync(join(root, ".tsift", "index.db")).mtimeMs;
      // The server writes nothing: the stale index is read as it is.
      expect(await symbols()).toBe(0);
      expect(statSync(join(root, ".tsift", "index.db")).mtimeMs).toBe(indexDb);
      // `tsift watch`, an agent hook or a terminal refreshes it; the next call sees the edit.
      await tsift(root, ["index", "-q"]);
      expect(await symbols()).toBe(1);
      const callers = (await client.callTool({ name: "callers", arguments: { symbol: "main" } })) as ToolText;
      expect(callers.content[0]!.text).toContain("addedLater");
    } finally {
      await client.close();
    }
  });

  it.each([
    ["stdin EOF", (child: ReturnType<typeof spawn>) => child.stdin!.end()],
    ["SIGTERM", (child: ReturnType<typeof spawn>) => child.kill("SIGTERM")],
  ])("exits 0 on %s, holding no writer lock", async (_what, end) => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const { child, exited } = await rawServer(root);
    end(child);
    expect(await exited).toBe(0);
    expect(existsSync(join(root, ".tsift", "index.lock"))).toBe(false);
  });
});
