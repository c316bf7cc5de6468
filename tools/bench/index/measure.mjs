/**
 * Runs a command as a child process and measures it: wall time (hrtime around the
 * child), user + system CPU and peak RSS. CPU and RSS come from GNU time (`/usr/bin/time`,
 * the kernel's rusage for the child and everything it waited for); without it they are
 * null and the report says so.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const GNU_TIME = "/usr/bin/time";
export const HAS_GNU_TIME = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ["-f", "%M", "true"], { encoding: "utf8" }).status === 0;

const scratch = mkdtempSync(join(tmpdir(), "tsift-bench-time-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

/**
 * Runs `command args` to completion. Returns `{ ms, cpuMs, rssMb, status, stdout, stderr }`;
 * throws when the command fails unless `allowFailure` is set.
 */
export function timedRun(command, args, { cwd, env, allowFailure = false, timeoutMs = 15 * 60_000, nice = null } = {}) {
  const timeFile = join(scratch, `t${counter++}`);
  // `nice -n N` execs the command in place, so GNU time still measures the command itself.
  const niced = nice === null ? [command, ...args] : ["nice", "-n", String(nice), command, ...args];
  const wrapped = HAS_GNU_TIME ? [GNU_TIME, ["-f", "%U %S %M", "-o", timeFile, ...niced]] : [niced[0], niced.slice(1)];
  const started = process.hrtime.bigint();
  const child = spawnSync(wrapped[0], wrapped[1], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let cpuMs = null;
  let rssMb = null;
  if (HAS_GNU_TIME && existsSync(timeFile)) {
    // GNU time prefixes "Command exited with non-zero status N" on failure; the figures are the last line.
    const last = readFileSync(timeFile, "utf8").trim().split("\n").pop() ?? "";
    const [user, system, rssKb] = last.split(/\s+/).map(Number);
    if ([user, system, rssKb].every(Number.isFinite)) {
      cpuMs = (user + system) * 1000;
      rssMb = rssKb / 1024;
    }
    rmSync(timeFile, { force: true });
  }
  const result = { ms, cpuMs, rssMb, status: child.status, stdout: child.stdout ?? "", stderr: child.stderr ?? "" };
  if (!allowFailure && (child.error || child.status !== 0)) {
    const why = child.error ? child.error.message : `exit ${child.status}`;
    const tail = `${result.stderr}\n${result.stdout}`.trim().split("\n").slice(-8).join("\n");
    const error = new Error(`${[command, ...args].join(" ")} failed (${why})\n${tail}`);
    error.result = result;
    throw error;
  }
  return result;
}

export function median(values) {
  const finite = values.filter((value) => typeof value === "number" && Number.isFinite(value));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of every numeric field over a list of samples: `{ ms, cpuMs, rssMb }`. */
export function summarize(samples) {
  return {
    ms: median(samples.map((sample) => sample.ms)),
    cpuMs: median(samples.map((sample) => sample.cpuMs)),
    rssMb: median(samples.map((sample) => sample.rssMb)),
    maxRssMb: samples.some((sample) => sample.rssMb != null) ? Math.max(...samples.map((sample) => sample.rssMb ?? 0)) : null,
    runs: samples.length,
  };
}
