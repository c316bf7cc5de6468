#!/usr/bin/env node
// CLI read commands through a running `tsift daemon` vs in-process (TSIFT_NO_DAEMON=1) vs
// `node -e 0`, medians of spawned processes, through the published bin (bin/tsift.js, what
// `npx tsift` runs; `--bin packages/cli/dist/bin.js` measures the ES module entry instead).
// Uses a private runtime dir, stops the daemon at the end.
//   node tools/bench/mcp/daemon.mjs --project /tmp/effect-src [--runs 20] [--bin FILE]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { values } = parseArgs({
  options: { project: { type: "string" }, runs: { type: "string", default: "20" }, bin: { type: "string", default: join(repo, "bin", "tsift.js") } },
});
const bin = values.bin;
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const runs = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runtime = mkdtempSync(join(tmpdir(), "tsift-daemon-bench-"));
const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
delete env.TSIFT_NO_DAEMON;
const cold = { ...env, TSIFT_NO_DAEMON: "1" };
// One sample of each variant per round, interleaved, so a load spike on this shared machine
// hits all of them alike; medians per variant.
const sample = (argv, environment) => {
  const start = performance.now();
  const result = spawnSync(process.execPath, argv, { cwd: values.project, env: environment, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${result.status}`);
  return performance.now() - start;
};
const lines = [
  ["symbols", "dual", "--json"],
  ["explain", "dual", "--json"],
  ["graph", "dual", "--callers", "--json"],
  ["search", "retry schedule", "--json"],
];
const start = spawnSync(process.execPath, [bin, "daemon", "start", "--idle", "600"], { env, encoding: "utf8" });
if (start.status !== 0) throw new Error(start.stderr);
const results = {};
try {
  for (const argv of lines) spawnSync(process.execPath, [bin, ...argv], { cwd: values.project, env, stdio: "ignore" }); // warm-up
  for (const argv of lines) {
    const node = [];
    const daemon = [];
    const inProcess = [];
    for (let i = 0; i < runs; i++) {
      node.push(sample(["-e", "0"], env));
      daemon.push(sample([bin, ...argv], env));
      inProcess.push(sample([bin, ...argv], cold));
    }
    const [n, d, p] = [node, daemon, inProcess].map((xs) => Number(median(xs).toFixed(1)));
    results[argv.slice(0, 2).join(" ")] = { node_e_0_ms: n, daemon_ms: d, in_process_ms: p, daemon_vs_node: Number((d / n).toFixed(2)) };
  }
} finally {
  spawnSync(process.execPath, [bin, "daemon", "stop"], { env, stdio: "ignore" });
  rmSync(runtime, { recursive: true, force: true });
}
console.log(JSON.stringify({ project: values.project, bin, runs, load: (await import("node:os")).loadavg().map((x) => x.toFixed(1)), results }, null, 2));
