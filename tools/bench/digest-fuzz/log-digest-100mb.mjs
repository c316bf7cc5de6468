// log-digest at scale: writes a large realistic log (lines of the captured logs in
// fixtures/logs with their numbers varied, unique request ids, an error burst every 50k
// lines, a few 1 MB lines without a newline) and streams it through digestLogStream from
// a file, the path `tsift log-digest --input` takes, in a fresh child process per size so
// each peak RSS is that run's own, once with V8's default heap and once under a 32 MB
// old-space cap. Completing under the cap at every size is bounded memory; flat ms/MB
// is linear time.
// Usage: node tools/bench/digest-fuzz/log-digest-100mb.mjs [--mb 10,100]
// Needs a built @tsift/digest (packages/digest/dist).
import { execFileSync } from "node:child_process";
import { createReadStream, createWriteStream, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};

if (process.argv.includes("--child")) {
  const { digestLogStream } = await import(join(repoRoot, "packages", "digest", "dist", "index.js"));
  const baseline = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const digest = await digestLogStream(createReadStream(arg("file")));
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    JSON.stringify({
      ms: Math.round(ms),
      cpu_ms: Math.round((used.user + used.system) / 1000),
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      start_rss_mb: Math.round(baseline / 1024 / 1024),
      lines: digest.total_lines,
      signal_lines: digest.signal_lines,
      long_lines: digest.long_lines,
      approximate: digest.approximate,
      first_error_line: digest.first_error?.line ?? null,
      input_bytes: digest.economy.input_bytes,
      output_bytes: digest.economy.output_bytes,
    }),
  );
  process.exit(0);
}

const logsDir = join(repoRoot, "fixtures", "logs");
const lines = readdirSync(logsDir)
  .filter((file) => file.endsWith(".log"))
  .flatMap((file) => readFileSync(join(logsDir, file), "utf8").split("\n"))
  .filter((line) => line.trim() !== "");

async function writeLog(path, mb) {
  const out = createWriteStream(path);
  const target = mb * 1024 * 1024;
  let bytes = 0;
  let i = 0;
  let batch = "";
  while (bytes < target) {
    let line;
    if (i % 50_000 === 49_999) line = `src/module${i % 97}.ts(${i % 400},7): error TS2322: Type 'string' is not assignable to type 'number'.`;
    else if (i % 400_000 === 7) line = "y".repeat(1024 * 1024);
    else if (i % 3 === 0)
      line = `2026-11-25T19:${String(i % 60).padStart(2, "0")}:00.${i % 1000}Z request ${((i * 2654435761) >>> 0).toString(16)}-${i} done in ${i % 977}ms`;
    else line = lines[i % lines.length].replace(/\d+/g, (digits) => String((Number(digits) + i) % 100_000));
    batch += `${line}\n`;
    i++;
    if (batch.length > 1 << 20) {
      bytes += Buffer.byteLength(batch);
      if (!out.write(batch)) await once(out, "drain");
      batch = "";
    }
  }
  out.end(batch);
  await once(out, "finish");
}

// V8 grows its heap lazily, so peak RSS with the default heap says more about the
// collector than about the digest; a second run under a small old-space cap shows the
// digest's live memory really is bounded (a leak would end in an out-of-memory crash).
const HEAP_CAP_MB = 32;
const results = [];
for (const mb of arg("mb", "10,100").split(",").map(Number)) {
  const file = join(tmpdir(), `tsift-log-digest-${mb}mb.log`);
  await writeLog(file, mb);
  for (const heap of [null, HEAP_CAP_MB]) {
    const flags = heap === null ? [] : [`--max-old-space-size=${heap}`];
    const run = JSON.parse(
      execFileSync(process.execPath, [...flags, import.meta.filename, "--child", "--file", file], { encoding: "utf8", maxBuffer: 1 << 24 }),
    );
    results.push({ mb, heap_cap_mb: heap, ...run, ms_per_mb: Math.round(run.ms / mb), cpu_ms_per_mb: Math.round(run.cpu_ms / mb) });
  }
  rmSync(file, { force: true });
}
console.log(JSON.stringify({ node: process.version, results }, null, 2));
