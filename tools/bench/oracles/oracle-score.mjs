/**
 * What every language oracle under tools/bench/oracles/ scores the same way: true and false
 * positives and negatives tallied per kind, the precision/recall table printed from them,
 * the throughput rounds (raw parse against parse + extract), and the lists of disagreements.
 * Each script keeps what is its own: how it asks the oracle, how it matches a declaration.
 */

/** `part / whole`, and 1 when there is nothing to find (no false answer is possible). */
export const ratio = (part, whole) => (whole === 0 ? 1 : part / whole);

/** Counts per kind: `tally.of(kind).tp++` (matched), `.fp++` (tsift only), `.fn++` (the oracle only). */
export class KindTally {
  byKind = new Map();

  of(kind) {
    if (!this.byKind.has(kind)) this.byKind.set(kind, { tp: 0, fp: 0, fn: 0 });
    return this.byKind.get(kind);
  }

  has(kind) {
    return this.byKind.has(kind);
  }

  get total() {
    return [...this.byKind.values()].reduce((sum, t) => ({ tp: sum.tp + t.tp, fp: sum.fp + t.fp, fn: sum.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  }

  /**
   * The markdown table `| kind | tsift | <oracle> | matched | precision | recall |`, one row per
   * kind (in `order`, default sorted; kinds never tallied are left out), then `| all |`.
   */
  table(oracle, { order = [...this.byKind.keys()].sort(), digits = 4 } = {}) {
    const row = (label, t) =>
      `| ${label} | ${t.tp + t.fp} | ${t.tp + t.fn} | ${t.tp} | ${ratio(t.tp, t.tp + t.fp).toFixed(digits)} | ${ratio(t.tp, t.tp + t.fn).toFixed(digits)} |`;
    return [
      `| kind | tsift | ${oracle} | matched | precision | recall |`,
      "|---|---|---|---|---|---|",
      ...order.filter((kind) => this.byKind.has(kind)).map((kind) => row(kind, this.byKind.get(kind))),
      row("all", this.total),
    ].join("\n");
  }
}

/**
 * Two keyed sets of rows (key -> `{ kind, … }`), tsift's and the oracle's: the tally per kind and
 * the rows only one side has, in the maps' order.
 */
export function compareKeyed(tsift, oracle) {
  const tally = new KindTally();
  const onlyTsift = [];
  const onlyOracle = [];
  for (const [key, row] of tsift) {
    if (oracle.has(key)) tally.of(row.kind).tp++;
    else {
      tally.of(row.kind).fp++;
      onlyTsift.push(row);
    }
  }
  for (const [key, row] of oracle) {
    if (!tsift.has(key)) {
      tally.of(row.kind).fn++;
      onlyOracle.push(row);
    }
  }
  return { tally, onlyTsift, onlyOracle };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall seconds `work` takes. */
export function wallSeconds(work) {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * CPU seconds (user + system) this process spends in `work`: on a shared, loaded machine wall
 * time mostly measures the other processes, while parsing and extracting are synchronous work
 * on this thread (plus the collector's).
 */
export function cpuSeconds(work) {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/**
 * `rounds` rounds of the raw parse of every text, then of parse + extract (`parse(text, i)`,
 * `extract(text, i)`), each round timed by `clock` (wallSeconds or cpuSeconds).
 */
export function throughputRounds({ texts, rounds, parse, extract, clock = wallSeconds }) {
  const parseTimes = [];
  const extractTimes = [];
  for (let round = 0; round < rounds; round++) {
    parseTimes.push(clock(() => texts.forEach((text, i) => parse(text, i))));
    extractTimes.push(clock(() => texts.forEach((text, i) => extract(text, i))));
  }
  return { parseTimes, extractTimes };
}

/** Prints `title (N, first M):` and the first `show` rows, each through `format` (tab-separated keys by default). */
export function printDisagreements(show, title, rows, format = (row) => row.replaceAll("\t", " | ")) {
  if (rows.length === 0) return;
  console.log(`${title} (${rows.length}, first ${Math.min(show, rows.length)}):`);
  for (const row of rows.slice(0, show)) console.log(`  ${format(row)}`);
}
