// Writes a large Claude Code transcript (150k tool calls with their results, ~155 MB) to a
// temp dir and runs the built `tsift session-digest` and `session-cost` over it, printing
// wall time and peak RSS: the session readers stream, so memory stays flat as input grows.
// Usage: node tools/bench/session/big-transcript.mjs [turns]
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const turns = Number(process.argv[2] ?? 150_000);
const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "packages", "cli", "dist", "bin.js");
const dir = mkdtempSync(join(tmpdir(), "tsift-session-bench-"));
const file = join(dir, "big.jsonl");
const out = createWriteStream(file);
for (let i = 0; i < turns; i++) {
  const call = JSON.stringify({
    type: "assistant",
    cwd: "/repo",
    sessionId: "bench",
    message: {
      id: `m${i}`,
      role: "assistant",
      content: [{ type: "tool_use", id: `t${i}`, name: "Bash", input: { command: `sed -n '1,80p' src/f${i % 300}.ts` } }],
      usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 50_000, output_tokens: 40 },
    },
    uuid: `u${i}`,
    timestamp: "2026-05-02T10:00:00Z",
  });
  const result = JSON.stringify({
    type: "user",
    cwd: "/repo",
    sessionId: "bench",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: `${"x".repeat(200)}\n${"line\n".repeat(40)}` }] },
  });
  if (!out.write(`${call}\n${result}\n`)) await once(out, "drain");
}
out.end();
await once(out, "finish");
console.log(`transcript: ${turns} tool calls, ${(statSync(file).size / 1e6).toFixed(1)} MB`);
for (const command of ["session-digest", "session-cost"]) {
  const run = spawnSync("/usr/bin/time", ["-f", "%e s wall, %M KB peak RSS", process.execPath, bin, command, "--input", file, "--compact"], {
    encoding: "utf8",
  });
  console.log(`${command}: ${run.stderr.trim().split("\n").at(-1)}`);
  console.log(`  ${run.stdout.trim().split("\n")[0]}`);
}
rmSync(dir, { recursive: true, force: true });
