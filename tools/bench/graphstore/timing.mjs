/** Timing helpers: wall-clock samples with hrtime, medians, percentiles. */

export function nowNs() {
  return process.hrtime.bigint();
}

export function elapsedMs(startNs) {
  return Number(process.hrtime.bigint() - startNs) / 1e6;
}

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Times one async call in milliseconds and returns its result too, with the process's CPU
 * time (user + system, all threads) over the call: less sensitive than wall time to other
 * load on the machine.
 */
export async function timeOnce(fn) {
  const cpu = process.cpuUsage();
  const start = nowNs();
  const result = await fn();
  const ms = elapsedMs(start);
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, result };
}

/**
 * Times a hot read: `warmup` untimed calls, then `iterations` timed calls, each call
 * timed on its own. `fn(i)` may vary its argument by iteration (e.g. cycle sample ids).
 * Returns microseconds.
 */
export async function timeHot(fn, { warmup = 50, iterations = 200 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const start = nowNs();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e3);
  }
  return { median: median(samples), p95: percentile(samples, 95), min: Math.min(...samples), samples: samples.length };
}
