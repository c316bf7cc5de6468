import { existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { indexLocation, publishIndexProgress } from "@tsift/index/indexer";
import { acquireWriterLock } from "@tsift/sqlite";
import { createMcpServer } from "../src/mcp/serve-mcp";
import { builtBin, waitUntil } from "./helpers";
import { project, spawnBuilt } from "./index-helpers";

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
};

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };

async function connect(root: string, extra: string[] = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [builtBin, "mcp", ...extra], cwd: root, stderr: "pipe" });
  const client = new Client({ name: "tsift-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolText;
const BUILDING = /^tsift is building this project's first index: /;

describe("tsift mcp on a project with no index", () => {
  it("answers at once, builds the index beside it, then answers as the CLI does", async () => {
    const root = project(SOURCES, { git: true });
    const client = await connect(root);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("symbols");
      const answers: ToolText[] = [];
      await waitUntil(async () => {
        const answer = await call(client, "symbols", { name: "getStore" });
        answers.push(answer);
        return !BUILDING.test(answer.content[0]!.text);
      }, "the first index to finish");
      // Every answer before the last said the index was being built, and none was an error.
      for (const early of answers.slice(0, -1)) expect(early).toMatchObject({ content: [{ text: expect.stringMatching(BUILDING) }] });
      expect(answers.every((answer) => answer.isError !== true)).toBe(true);
      expect(JSON.parse(answers.at(-1)!.content[0]!.text)).toEqual(JSON.parse(spawnBuilt(root, ["symbols", "getStore", "--json"]).out));
      expect(existsSync(join(root, ".tsift", "index.db"))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("builds nothing with --no-first-index", async () => {
    const root = project(SOURCES, { git: true });
    const client = await connect(root, ["--no-first-index"]);
    try {
      const answer = await call(client, "symbols", { name: "getStore" });
      expect(answer.isError, answer.content[0]!.text).toBe(true);
      expect(answer.content[0]!.text).toMatch(/^tsift: error\[index_missing\]/);
      expect(existsSync(join(root, ".tsift", "index.db"))).toBe(false);
    } finally {
      await client.close();
    }
  });

  it("says why when the first index fails", async () => {
    const root = project(SOURCES, { git: true });
    // Another writer holds the index lock, so the server's tsift index ends with lock_held.
    const lock = acquireWriterLock(indexLocation(root).lockPath, { what: "index" });
    try {
      const client = await connect(root);
      try {
        let last: ToolText | undefined;
        await waitUntil(async () => {
          last = await call(client, "symbols", { name: "getStore" });
          return !BUILDING.test(last.content[0]!.text);
        }, "the first index to fail");
        expect(last!.isError).toBe(true);
        expect(last!.content[0]!.text).toMatch(/note: the first index this server started failed \(.*lock/);
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
  });

  it("names the share of files indexed while the first index runs, and status shows it", async () => {
    const root = project(SOURCES, { git: true });
    const location = indexLocation(root);
    // This process stands in for a running first index: it holds the writer lock and publishes progress.
    const lock = acquireWriterLock(location.lockPath, { what: "index" });
    const progress = publishIndexProgress(location, 400);
    progress.update(400);
    try {
      const server = createMcpServer({ root, firstIndex: { exitCode: null, lastError: "" } });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "tsift-test", version: "1.0.0" });
      await client.connect(clientSide);
      try {
        const answer = await call(client, "symbols", { name: "getStore" });
        expect(answer.isError).toBeUndefined();
        expect(answer.content[0]!.text).toMatch(/first index: 100% indexed \(400 of 400 files\), \d+ s in\./);
        const status = JSON.parse((await call(client, "status")).content[0]!.text) as { index: { writer?: { progress?: unknown } } };
        expect(status.index.writer?.progress).toMatchObject({ done: 400, total: 400 });
      } finally {
        await client.close();
      }
    } finally {
      progress.clear();
      lock.release();
    }
  });
});
