#!/usr/bin/env node
// N concurrent MCP clients (each with its own `tsift mcp` over stdio, as agents run it) making
// `--calls` tool calls in total, spread over symbols/explain/callers/search. Counts errors.
//   node tools/bench/mcp/concurrent.mjs --project /tmp/effect-src [--clients 8] [--calls 1000]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const bin = join(repo, "packages", "cli", "dist", "bin.js");
const { values } = parseArgs({
  options: { project: { type: "string" }, clients: { type: "string", default: "8" }, calls: { type: "string", default: "1000" } },
});
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const clients = Number(values.clients);
const calls = Number(values.calls);
const mix = [
  ["symbols", { name: "dual" }],
  ["explain", { symbol: "dual" }],
  ["callers", { symbol: "dual" }],
  ["search", { query: "retry schedule" }],
  ["symbols", { name: "Effect" }],
];
const sessions = await Promise.all(
  Array.from({ length: clients }, async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], cwd: values.project, stderr: "ignore" });
    const client = new Client({ name: "tsift-bench", version: "1" });
    await client.connect(transport);
    return { client, transport };
  }),
);
let next = 0;
let errors = 0;
const messages = new Set();
const started = performance.now();
await Promise.all(
  sessions.map(async ({ client }) => {
    while (next < calls) {
      const [name, args] = mix[next++ % mix.length];
      try {
        const result = await client.callTool({ name, arguments: args });
        if (result.isError) {
          errors++;
          messages.add(result.content[0].text);
        }
      } catch (error) {
        errors++;
        messages.add(String(error));
      }
    }
  }),
);
const wallMs = performance.now() - started;
const rssMb = sessions.map(({ transport }) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${transport.pid}/status`, "utf8"))?.[1] ?? 0) / 1024),
);
await Promise.all(sessions.map(({ client }) => client.close()));
console.log(
  JSON.stringify(
    { project: values.project, clients, calls, errors, error_messages: [...messages].slice(0, 5), wall_ms: Math.round(wallMs), server_rss_mb: rssMb },
    null,
    2,
  ),
);
