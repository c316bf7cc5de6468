/** Markdown rendering and target checks for benchmark results. */

/** Targets from the issue; checked against the largest measured size of 1M rows. */
export const TARGETS = {
  coldRefreshMs: 15_000,
  unchangedRefreshMs: 5_000,
  hotReadUs: 1_000,
  libsqlOverSqlite: 3,
};

function formatValue(value, unit) {
  if (value === undefined || Number.isNaN(value)) return "–";
  if (unit === "ms") return value >= 100 ? value.toFixed(0) : value.toFixed(1);
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

function sizeLabel(rows) {
  if (rows >= 1_000_000 && rows % 1_000_000 === 0) return `${rows / 1_000_000}M`;
  if (rows >= 1_000 && rows % 1_000 === 0) return `${rows / 1_000}k`;
  return String(rows);
}

/**
 * Pass/fail lines for every target that the results can answer: refresh targets and
 * hot reads at 1M rows on SQLite, libSQL within 3x of SQLite for each operation.
 */
export function checkTargets(results) {
  const checks = [];
  const at = (size, backend, op) => results.find((r) => r.size === size && r.backend === backend && r.operation === op);
  const oneM = results.filter((r) => r.size >= 1_000_000);
  const size = oneM.length ? oneM[0].size : null;
  if (size !== null) {
    const cold = at(size, "sqlite", "refresh cold");
    if (cold)
      checks.push({
        target: `SQLite cold refresh of ${sizeLabel(size)} rows <= 15 s`,
        actual: `${(cold.median / 1000).toFixed(2)} s`,
        met: cold.median <= TARGETS.coldRefreshMs,
      });
    const same = at(size, "sqlite", "refresh unchanged");
    if (same)
      checks.push({
        target: `SQLite unchanged refresh of ${sizeLabel(size)} rows <= 5 s`,
        actual: `${(same.median / 1000).toFixed(2)} s`,
        met: same.median <= TARGETS.unchangedRefreshMs,
      });
    const reads = oneM.filter((r) => r.backend === "sqlite" && r.unit === "µs");
    if (reads.length) {
      const worst = reads.reduce((a, b) => (b.median > a.median ? b : a));
      checks.push({
        target: `every SQLite hot read <= 1 ms median at ${sizeLabel(size)} rows`,
        actual: `slowest: ${worst.operation} ${formatValue(worst.median, "µs")} µs`,
        met: worst.median <= TARGETS.hotReadUs,
      });
    }
  }
  const sizes = [...new Set(results.map((r) => r.size))];
  for (const s of sizes) {
    const pairs = results
      .filter((r) => r.size === s && r.backend === "libsql")
      .map((lib) => ({ op: lib.operation, lib, sq: at(s, "sqlite", lib.operation) }))
      .filter((pair) => pair.sq);
    if (pairs.length === 0) continue;
    const worst = pairs.reduce((a, b) => (b.lib.median / b.sq.median > a.lib.median / a.sq.median ? b : a));
    const ratio = worst.lib.median / worst.sq.median;
    checks.push({
      target: `libSQL local within 3x of SQLite at ${sizeLabel(s)} rows`,
      actual: `worst: ${worst.op} ${ratio.toFixed(2)}x`,
      met: ratio <= TARGETS.libsqlOverSqlite,
    });
  }
  return checks;
}

/** One table per size: operation rows, one column per backend, plus the libSQL/SQLite ratio. */
export function renderMarkdown(report) {
  const { results, meta } = report;
  const lines = [];
  const backends = [...new Set(results.map((r) => r.backend))];
  const sizes = [...new Set(results.map((r) => r.size))];
  for (const size of sizes) {
    const shape = results.find((r) => r.size === size)?.shape;
    lines.push(`#### ${sizeLabel(size)} rows${shape ? ` (${shape.nodes} nodes, ${shape.edges} edges)` : ""}`, "");
    const header = ["Operation", "Unit", ...backends];
    if (backends.includes("sqlite") && backends.includes("libsql")) header.push("libSQL / SQLite");
    lines.push(`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i < 2 ? " --- " : " ---: ")).join("|")}|`);
    const operations = [...new Set(results.filter((r) => r.size === size).map((r) => r.operation))];
    for (const op of operations) {
      const row = results.find((r) => r.size === size && r.operation === op);
      const cells = [op, row.unit];
      const values = {};
      for (const backend of backends) {
        const r = results.find((x) => x.size === size && x.backend === backend && x.operation === op);
        values[backend] = r?.median;
        cells.push(formatValue(r?.median, row.unit));
      }
      if (header.includes("libSQL / SQLite")) cells.push(values.sqlite && values.libsql ? `${(values.libsql / values.sqlite).toFixed(2)}x` : "–");
      lines.push(`| ${cells.join(" | ")} |`);
    }
    lines.push("");
  }
  const refreshes = results.filter((r) => r.cpu_ms);
  if (refreshes.length) {
    lines.push(
      "#### Refresh CPU time and best run",
      "",
      "Wall-clock medians above move with other load on the machine; CPU time (user + system, all threads) and the fastest run move less.",
      "",
    );
    lines.push("| Rows | Backend | Operation | Median wall ms | Fastest wall ms | Median CPU ms |", "| --- | --- | --- | ---: | ---: | ---: |");
    for (const r of refreshes)
      lines.push(
        `| ${sizeLabel(r.size)} | ${r.backend} | ${r.operation} | ${formatValue(r.median, "ms")} | ${formatValue(r.min, "ms")} | ${formatValue(r.cpu_ms.median, "ms")} |`,
      );
    lines.push("");
  }
  const checks = checkTargets(results);
  if (checks.length) {
    lines.push("#### Targets", "", "| Target | Measured | Met |", "| --- | --- | --- |");
    for (const check of checks) lines.push(`| ${check.target} | ${check.actual} | ${check.met ? "yes" : "**no**"} |`);
    lines.push("");
  }
  lines.push(`Refreshes: median of ${meta.runs} runs (ms). Hot reads: median of ${meta.iterations} timed calls after ${meta.warmup} warm-up calls (µs).`);
  if (meta.load_average) lines.push(`Machine load (1-minute average) at start / end: ${meta.load_average.start} / ${meta.load_average.end}.`);
  return lines.join("\n");
}
