import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "@tsift/index/indexer";
import { selectTools } from "../src/mcp/serve-mcp";
import { builtBin } from "./helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

const SECRET = "TOP-SECRET-OUTSIDE-THE-ROOT";
const outside = realpathSync(mkdtempSync(join(tmpdir(), "tsift-mcp-outside-")));
writeFileSync(join(outside, "secret.ts"), `export const secret = "${SECRET}";\n`);
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
};

async function connect(root: string, extra: string[] = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [builtBin, "mcp", ...extra], cwd: root, stderr: "pipe" });
  const client = new Client({ name: "tsift-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolText;
const json = (result: ToolText) => JSON.parse(result.content[0]!.text) as unknown;

describe("tsift mcp", () => {
  it("lists the read tools with schemas from the command tables, and answers as the CLI does", async () => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const client = await connect(root);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(["status", "symbols", "search", "explain", "callers", "callees", "path", "source_read", "graph_db_node", "expand"]),
      );
      const symbols = tools.find((tool) => tool.name === "symbols")!;
      expect(symbols.inputSchema.properties).toMatchObject({ name: { type: "string" }, limit: { type: "integer", minimum: 0 } });
      expect(Object.keys(symbols.inputSchema.properties ?? {})).not.toContain("path");

      expect(json(await call(client, "symbols", { name: "getStore" }))).toEqual(JSON.parse(spawnBuilt(root, ["symbols", "getStore", "--json"]).out));
      expect(json(await call(client, "callers", { symbol: "getStore" }))).toEqual(
        JSON.parse(spawnBuilt(root, ["graph", "getStore", "--callers", "--json"]).out),
      );
      const window = json(await call(client, "source_read", { file: "src/store.ts", start: 1, lines: 2 })) as { expansions: { full: string } };
      const expanded = json(await call(client, "expand", { command: window.expansions.full })) as { end: number };
      expect(expanded.end).toBe(4);
      const missing = await call(client, "explain", { symbol: "noSuchThing" });
      expect(missing.isError).toBe(true);
      expect(missing.content[0]!.text).toMatch(/^tsift: error\[not_found\]/);
    } finally {
      await client.close();
    }
  });

  it("refuses every path or command that leads outside the project root, and reads nothing there", async () => {
    const root = project(SOURCES);
    symlinkSync(join(outside, "secret.ts"), join(root, "src", "link.ts"));
    symlinkSync(outside, join(root, "outdir"));
    await tsift(root, ["index", "-q"]);
    const client = await connect(root);
    const cases: [string, Record<string, unknown>][] = [
      ["source_read", { file: "../secret.ts" }],
      ["source_read", { file: join(outside, "secret.ts") }],
      ["source_read", { file: "src/link.ts" }],
      ["source_read", { file: "outdir/secret.ts" }],
      ["source_read", { file: "src/../../secret.ts" }],
      ["source_read", { file: "/etc/passwd" }],
      ["search", { query: "secret", path: ".." }],
      ["search", { query: "secret", path: outside }],
      ["search", { query: "secret", path: "outdir" }],
      ["search", { query: "secret", path: "src/../.." }],
      ["diff_digest", { path: ".." }],
      ["diff_digest", { path: "/" }],
      ["impact", { only: ["../secret.ts"] }],
      ["symbols", { name: "secret", scope: "../.." }],
      ["explain", { symbol: `${join(outside, "secret.ts")}:1` }],
      ["expand", { command: `tsift source-read ${join(outside, "secret.ts")}` }],
      ["expand", { command: "tsift source-read ../secret.ts" }],
      ["expand", { command: "tsift source-read outdir/secret.ts" }],
      ["expand", { command: `tsift symbols secret ${outside}` }],
      ["expand", { command: "tsift --path / symbols passwd" }],
      ["expand", { command: "tsift source-read src/store.ts; cat /etc/passwd" }],
      ["expand", { command: "tsift index" }],
      ["expand", { command: "cat ../secret.ts" }],
      ["source_read", { file: "src/store.ts", path: ".." }],
    ];
    try {
      for (const [tool, args] of cases) {
        const result = await call(client, tool, args);
        const text = result.content.map((part) => part.text).join("\n");
        expect(text, `${tool} ${JSON.stringify(args)}`).not.toContain(SECRET);
        expect(text, `${tool} ${JSON.stringify(args)}`).not.toContain("root:x:0:0");
        expect(result.isError, `${tool} ${JSON.stringify(args)}: ${text}`).toBe(true);
      }
    } finally {
      await client.close();
    }
  });

  it("serves exactly the tools the agent instructions name, the digests taking their input as text", async () => {
    const { tools, expand } = selectTools({});
    expect([...tools.map((tool) => tool.spec.name), ...(expand ? ["expand"] : [])]).toEqual([...MCP_TOOL_NAMES]);
    const root = project(SOURCES);
    const client = await connect(root, ["--tools", "log_digest"]);
    try {
      const digest = await call(client, "log_digest", { text: "starting\nerror: disk full at src/store.ts:3\nstarting\n" });
      expect(digest.isError).toBeUndefined();
      expect(digest.content[0]!.text).toContain("disk full");
    } finally {
      await client.close();
    }
  });

  it("offers six tools with --profile slim and only the named ones with --tools", async () => {
    const root = project(SOURCES);
    const slim = await connect(root, ["--profile", "slim"]);
    try {
      expect((await slim.listTools()).tools.map((tool) => tool.name)).toEqual(["symbols", "search", "explain", "callers", "source_read", "expand"]);
    } finally {
      await slim.close();
    }
    const some = await connect(root, ["--tools", "status,symbols"]);
    try {
      expect((await some.listTools()).tools.map((tool) => tool.name)).toEqual(["status", "symbols"]);
    } finally {
      await some.close();
    }
    const unknown = spawnBuilt(root, ["mcp", "--tools", "symbols,rm"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown MCP tool rm; the tools are status, symbols/);
  });

  it("answers a malformed message with a JSON-RPC error, keeps serving, and exits on stdin EOF", async () => {
    const root = project(SOURCES);
    const child = spawn(process.execPath, [builtBin, "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    const lines: Record<string, unknown>[] = [];
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
    });
    const waitFor = async (predicate: () => boolean) => {
      // No window of its own: the test's timeout ends a wait that never comes true.
      while (!predicate() && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(predicate()).toBe(true);
    };
    const send = (message: unknown) => child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    await waitFor(() => lines.some((line) => line.id === 1));
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send("{this is not json");
    await waitFor(() => lines.some((line) => (line.error as { code?: number } | undefined)?.code === -32700));
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "status", arguments: {} } });
    await waitFor(() => lines.some((line) => line.id === 2));
    expect(lines.find((line) => line.id === 2)!.result).toBeDefined();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});
