#!/usr/bin/env node
// `tsift run` on a command that prints a lot: wall time and peak RSS of the tsift process
// (Linux `/usr/bin/time -v`), against `tsift log-digest --input` on the stored transcript,
// to show that capture adds little and memory does not grow with the output.
// Usage: node tools/bench/run-command/run.mjs [--mb 100]   (needs a built packages/cli)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const mb = Number(process.argv[process.argv.indexOf("--mb") + 1] || 100);
const bin = join(import.meta.dirname, "..", "..", "..", "packages", "cli", "dist", "bin.js");
const dir = mkdtempSync(join(tmpdir(), "tsift-bench-run-"));
writeFileSync(
  join(dir, "big.mjs"),
  `const lines = [];
for (let i = 0; i < 1000; i++) lines.push(\`2026-11-25T10:00:\${String(i % 60).padStart(2, "0")}Z worker-\${i % 7} processed batch \${i} in \${i % 97}ms id=\${((i * 2654435761) >>> 0).toString(16)}\`);
lines.push("src/app.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.", "warning: deprecated API used");
const block = lines.join("\\n") + "\\n";
let written = 0;
function write() {
  while (written < ${mb} * 1024 * 1024) {
    written += Buffer.byteLength(block);
    if (!process.stdout.write(block)) return process.stdout.once("drain", write);
  }
}
write();
`,
);

function timed(args) {
  const result = spawnSync("/usr/bin/time", ["-v", process.execPath, bin, ...args], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(result.stderr)?.[1];
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? 0);
  return { status: result.status, wall, rssMiB: Math.round(rss / 1024), out: result.stdout };
}

try {
  const run = timed(["run", "--kind", "log", "--json", "--", process.execPath, "big.mjs"]);
  const report = JSON.parse(run.out);
  const artifact = join(".tsift", "artifacts", readdirSync(join(dir, ".tsift", "artifacts"))[0]);
  const digest = timed(["log-digest", "--input", artifact, "--json"]);
  console.log(
    `output: ${report.artifact.bytes} bytes, ${report.artifact.lines} lines; command ran ${report.duration_ms} ms; report ${Buffer.byteLength(run.out)} bytes`,
  );
  console.log(`tsift run --kind log:        wall ${run.wall}, peak RSS ${run.rssMiB} MiB, exit ${run.status}`);
  console.log(`tsift log-digest --input F:  wall ${digest.wall}, peak RSS ${digest.rssMiB} MiB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
