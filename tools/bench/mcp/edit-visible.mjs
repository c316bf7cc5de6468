#!/usr/bin/env node
// Edit → visible to the next MCP call: writes a file with a new symbol into the project, then
// calls the `symbols` tool until it is listed. `tsift mcp` writes nothing, so a `tsift watch`
// started beside it keeps the index up to date, as it would for an agent. Removes the file
// afterwards. Usage:
//   node tools/bench/mcp/edit-visible.mjs --project /tmp/effect-src [--runs 10]
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const bin = join(repo, "packages", "cli", "dist", "bin.js");
const { values } = parseArgs({ options: { project: { type: "string" }, runs: { type: "string", default: "10" } } });
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const watch = spawn(process.execPath, [bin, "watch"], { cwd: values.project, stdio: "ignore", env: { ...process.env, TSIFT_NO_DAEMON: "1" } });
const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], cwd: values.project, stderr: "inherit" });
const client = new Client({ name: "tsift-bench", version: "1" });
await client.connect(transport);
await client.callTool({ name: "symbols", arguments: { name: "warmUp" } });
const file = join(values.project, "tsiftBenchEdit.ts");
const times = [];
let polls = 0;
try {
  for (let run = 0; run < Number(values.runs); run++) {
    const name = `benchEdit${process.pid}x${run}`;
    const start = performance.now();
    writeFileSync(file, `export function ${name}() {\n  return ${run};\n}\n`);
    for (let i = 0; ; i++) {
      const result = await client.callTool({ name: "symbols", arguments: { name } });
      polls++;
      if (JSON.parse(result.content[0].text).symbols.some((symbol) => symbol.name === name)) break;
      if (performance.now() - start > 10_000) throw new Error(`${name} not visible after 10 s`);
    }
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
} finally {
  rmSync(file, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await client.close();
  watch.kill("SIGTERM");
}
console.log(
  JSON.stringify(
    {
      project: values.project,
      runs: times.length,
      edit_visible_ms: { median: Number(median(times).toFixed(1)), max: Number(Math.max(...times).toFixed(1)) },
      polls,
    },
    null,
    2,
  ),
);
