#!/usr/bin/env node
// MCP tools/call latency through the SDK's own client over stdio, side by side with the same
// queries through the cold CLI. Usage:
//   node tools/bench/mcp/latency.mjs --project /tmp/effect-src [--runs 30] [--symbol dual] [--query "retry schedule"]
// Prints medians (ms) per tool, the server's RSS, and the cold CLI medians.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const bin = join(repo, "packages", "cli", "dist", "bin.js");
const { values } = parseArgs({
  options: {
    project: { type: "string" },
    runs: { type: "string", default: "30" },
    symbol: { type: "string", default: "dual" },
    query: { type: "string", default: "retry schedule" },
    "skip-cli": { type: "boolean", default: false },
  },
});
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const runs = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const calls = [
  ["symbols", { name: values.symbol }, ["symbols", values.symbol]],
  ["explain", { symbol: values.symbol }, ["explain", values.symbol]],
  ["callers", { symbol: values.symbol }, ["graph", values.symbol, "--callers"]],
  ["search", { query: values.query }, ["search", values.query]],
];

const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], cwd: values.project, stderr: "inherit" });
const client = new Client({ name: "tsift-bench", version: "1" });
await client.connect(transport);
const results = {};
for (const [tool, args] of calls) {
  await client.callTool({ name: tool, arguments: args }); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await client.callTool({ name: tool, arguments: args });
    times.push(performance.now() - start);
    if (result.isError) throw new Error(`${tool}: ${result.content[0].text}`);
  }
  results[tool] = { mcp_ms: Number(median(times).toFixed(2)) };
}
const pid = transport.pid;
const rssKb = pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) : 0;
await client.close();
if (!values["skip-cli"]) {
  for (const [tool, , argv] of calls) {
    const times = [];
    for (let i = 0; i < Math.min(runs, 10); i++) {
      const start = performance.now();
      spawnSync(process.execPath, [bin, ...argv, "--json"], { cwd: values.project, stdio: "ignore" });
      times.push(performance.now() - start);
    }
    results[tool].cli_ms = Number(median(times).toFixed(1));
  }
}
console.log(JSON.stringify({ project: values.project, runs, server_rss_mb: Math.round(rssKb / 1024), results }, null, 2));
