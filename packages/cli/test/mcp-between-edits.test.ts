import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project, tsift } from "./index-helpers";

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
};

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not reached: ${what}`);
}

/** A raw `tsift mcp` child, initialized, so the test decides how its stdin ends. */
async function rawServer(root: string) {
  const child = spawn(process.execPath, [builtBin, "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`,
  );
  await until(() => out.includes('"id":1'), "initialize answered");
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return { child, exited };
}

/** Enough new files that the watcher's update holds the writer lock for a while. */
function manyFiles(root: string): void {
  for (let i = 0; i < 400; i++) {
    writeFileSync(join(root, "src", `gen${i}.ts`), `export function generated${i}(value: number) {\n  return value + ${i};\n}\n`);
  }
}

describe("tsift mcp on a warm index", () => {
  it("an edit becomes visible to the next tool calls through the watcher", async () => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtBin, "mcp"], cwd: root, stderr: "pipe" });
    const client = new Client({ name: "tsift-test", version: "1.0.0" });
    await client.connect(transport);
    const symbols = async () =>
      (JSON.parse(((await client.callTool({ name: "symbols", arguments: { name: "addedLater" } })) as ToolText).content[0]!.text) as { total: number }).total;
    try {
      expect(await symbols()).toBe(0);
      writeFileSync(join(root, "src", "later.ts"), "import { main } from './main';\nexport function addedLater() { return main(); }\n");
      await until(async () => (await symbols()) === 1, "the new symbol listed");
      const callers = (await client.callTool({ name: "callers", arguments: { symbol: "main" } })) as ToolText;
      expect(callers.content[0]!.text).toContain("addedLater");
    } finally {
      await client.close();
    }
  });

  it.each([
    ["stdin EOF", (child: ReturnType<typeof spawn>) => child.stdin!.end()],
    ["SIGTERM", (child: ReturnType<typeof spawn>) => child.kill("SIGTERM")],
  ])("exits 0 on %s during an update, leaving no watcher running and the writer lock released", async (_what, end) => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const { child, exited } = await rawServer(root);
    const lock = join(root, ".tsift", "index.lock");
    manyFiles(root);
    await until(() => existsSync(lock), "the watcher's update took the writer lock");
    end(child);
    // A watcher left open would keep the process alive: exiting at all is the check.
    expect(await exited).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});
