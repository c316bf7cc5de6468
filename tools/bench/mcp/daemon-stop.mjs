#!/usr/bin/env node
// How long `tsift daemon stop` takes, against `tsift daemon status` (the same spawned client
// and socket round trip, without the stop), with the project's index warm in the daemon
// (a read command first, so stop also closes a warm index and its watcher). Also checks the
// daemon's process has exited when stop returns (a zombie not yet reaped by init counts as
// exited: reaping is init's business), and how long after starting the stop it exited. Medians of --runs rounds; private runtime dir.
//   node tools/bench/mcp/daemon-stop.mjs --project /tmp/effect-src [--runs 10] [--bin FILE]
import { spawnSync } from "node:child_process";
import { loadavg, tmpdir } from "node:os";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { values } = parseArgs({
  options: {
    project: { type: "string" },
    runs: { type: "string", default: "10" },
    bin: { type: "string", default: join(repo, "packages", "cli", "dist", "bin.js") },
  },
});
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const runs = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runtime = mkdtempSync(join(tmpdir(), "tsift-daemon-stop-bench-"));
const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
delete env.TSIFT_NO_DAEMON;
const tsift = (argv) => {
  const start = performance.now();
  const result = spawnSync(process.execPath, [values.bin, ...argv], { cwd: values.project, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tsift ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms: performance.now() - start, out: result.stdout };
};
// Exited: no such process, or a zombie its new parent (init, for a detached daemon) has not reaped yet.
const alive = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
};
const status = [];
const stop = [];
const lingered = [];
let aliveAfterStop = 0;
let pid = 0;
try {
  for (let i = 0; i < runs; i++) {
    const started = tsift(["daemon", "start", "--idle", "600"]);
    pid = Number(/pid (\d+)/.exec(started.out)[1]);
    tsift(["symbols", "dual", "--json"]); // the project's index warm in the daemon
    status.push(tsift(["daemon", "status"]).ms);
    const stopStart = performance.now();
    stop.push(tsift(["daemon", "stop"]).ms);
    if (alive(pid)) aliveAfterStop++;
    // How long the process outlives the stop command (polled here: a measurement, not a wait in tsift).
    while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 5));
    lingered.push(performance.now() - stopStart);
  }
} finally {
  spawnSync(process.execPath, [values.bin, "daemon", "stop"], { env, stdio: "ignore" });
  // A stop that could not run (a rebuild removed the bin) must not leave the daemon behind.
  if (pid && alive(pid)) process.kill(pid);
  rmSync(runtime, { recursive: true, force: true });
}
const [st, sp] = [status, stop].map((xs) => Number(median(xs).toFixed(1)));
console.log(
  JSON.stringify(
    {
      project: values.project,
      runs,
      load: loadavg().map((x) => x.toFixed(1)),
      status_ms: st,
      stop_ms: sp,
      stop_minus_status_ms: Number((sp - st).toFixed(1)),
      stop_max_ms: Number(Math.max(...stop).toFixed(1)),
      alive_after_stop: aliveAfterStop,
      stop_until_pid_gone_ms: Number(median(lingered).toFixed(1)),
      stop_until_pid_gone_max_ms: Number(Math.max(...lingered).toFixed(1)),
    },
    null,
    2,
  ),
);
