/**
 * Markdown for the index benchmark: one table per corpus (tsift, the peers, the parse
 * floor) and one table of the issue's targets, each with the figure it was judged on.
 */

const TOOL_LABELS = { tsift: "tsift", optave: "@optave/codegraph 3.11.2 (native)", colby: "@colbymchenry/codegraph 1.6.1" };

const seconds = (ms) => (ms == null ? "—" : (ms / 1000).toFixed(ms < 1000 ? 3 : 2));
const megabytes = (mb) => (mb == null ? "—" : String(Math.round(mb)));
const ratio = (value) => (value == null || !Number.isFinite(value) ? "—" : `${value.toFixed(2)}×`);
const percent = (value) => (value == null || !Number.isFinite(value) ? "—" : `${Math.round(value * 100)} %`);
const verdict = (ok) => (ok == null ? "n/a" : ok ? "**met**" : "**missed**");

/** The issue's targets for one corpus, each as { name, value, limit, ok }. */
export function checkTargets(corpus) {
  const tsift = corpus.tools.tsift;
  const optave = corpus.tools.optave;
  const floor = corpus.floor;
  const optaveCold = optave?.ok ? optave.cold.ms : null;
  const optaveNoChange = optave?.ok ? optave.noChange.ms : null;
  const coldRatio = tsift?.ok && optaveCold ? tsift.cold.ms / optaveCold : null;
  const coldCpuRatio = tsift?.ok && optave?.ok && tsift.cold.cpuMs && optave.cold.cpuMs ? tsift.cold.cpuMs / optave.cold.cpuMs : null;
  const throughputShare = tsift?.ok && floor?.parseMs ? floor.parseMs / tsift.cold.ms : null;
  const cpuThroughputShare = tsift?.ok && floor?.parseMs && tsift.cold.cpuMs ? floor.parseMs / tsift.cold.cpuMs : null;
  const peakRss = tsift?.ok ? tsift.cold.maxRssMb : null;
  return [
    {
      name: "cold index ≤ 1.5× optave-native",
      value: `${ratio(coldRatio)}${coldCpuRatio == null ? "" : ` (CPU ${ratio(coldCpuRatio)})`}`,
      ok: coldRatio == null ? null : coldRatio <= 1.5,
    },
    { name: "cold index peak RSS ≤ 400 MB", value: peakRss == null ? "—" : `${megabytes(peakRss)} MB`, ok: peakRss == null ? null : peakRss <= 400 },
    {
      name: "≥ 60 % of raw parse throughput (parse floor ÷ cold index)",
      value: `${percent(throughputShare)}${cpuThroughputShare == null ? "" : ` (of CPU: ${percent(cpuThroughputShare)})`}`,
      ok: throughputShare == null ? null : throughputShare >= 0.6,
    },
    {
      name: "no-change `index` ≤ optave no-change",
      value: tsift?.ok && optaveNoChange ? `${seconds(tsift.noChange.ms)} s vs ${seconds(optaveNoChange)} s` : "—",
      ok: tsift?.ok && optaveNoChange ? tsift.noChange.ms <= optaveNoChange : null,
    },
    {
      name: "`index --check --quiet` ≤ optave no-change",
      value: tsift?.ok && optaveNoChange ? `${seconds(tsift.check.ms)} s vs ${seconds(optaveNoChange)} s` : "—",
      ok: tsift?.ok && optaveNoChange ? tsift.check.ms <= optaveNoChange : null,
    },
  ];
}

function corpusTable(name, corpus) {
  const lines = [];
  const kib = (corpus.bytes / 1024 / 1024).toFixed(1);
  lines.push(`**${name}** — ${corpus.origin}: ${corpus.files} files, ${corpus.lines.toLocaleString("en-US")} lines, ${kib} MiB`);
  lines.push("");
  lines.push(
    "| tool | files indexed | cold index (s) | cold CPU (s) | cold peak RSS (MB) | no-change (s) | no-change CPU (s) | `index --check --quiet` (s) | check CPU (s) |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const [id, tool] of Object.entries(corpus.tools)) {
    const label = TOOL_LABELS[id] ?? id;
    if (!tool.ok) {
      lines.push(`| ${label} | — | not run: ${tool.reason.replace(/\|/g, "\\|").split("\n")[0]} | | | | | | |`);
      continue;
    }
    lines.push(
      `| ${label} | ${tool.files ?? "?"} | ${seconds(tool.cold.ms)} | ${seconds(tool.cold.cpuMs)} | ${megabytes(tool.cold.maxRssMb)} | ${seconds(tool.noChange.ms)} | ${seconds(tool.noChange.cpuMs)} | ${tool.check ? seconds(tool.check.ms) : "—"} | ${tool.check ? seconds(tool.check.cpuMs) : "—"} |`,
    );
  }
  if (corpus.floor) {
    const floor = corpus.floor;
    const mbps = floor.parseMs ? (floor.bytes / 1024 / 1024 / (floor.parseMs / 1000)).toFixed(1) : "—";
    lines.push(`| tree-sitter parse only (floor) | ${floor.files} | ${seconds(floor.parseMs)} (${mbps} MiB/s) | | | | | | |`);
    if (floor.extractMs) lines.push(`| tsift extractFile only (no DB) | ${floor.files} | ${seconds(floor.extractMs)} | | | | | | |`);
  }
  lines.push("");
  return lines.join("\n");
}

export function renderMarkdown(results) {
  const out = [];
  const env = results.env;
  out.push(
    `Medians of ${env.runs} runs; wall time of the whole CLI process (start-up included), peak RSS and CPU from GNU time (\`%M\`, \`%U+%S\`). ` +
      `${env.nice === null || env.nice === undefined ? "" : `Every command ran under \`nice -n ${env.nice}\`. `}` +
      `${env.cpus} cores (${env.cpuModel}), Node ${env.node}, load average ${env.loadBefore.map((value) => value.toFixed(2)).join(" ")} at start, ${env.loadAfter.map((value) => value.toFixed(2)).join(" ")} at the end.`,
  );
  out.push("");
  for (const [name, corpus] of Object.entries(results.corpora)) out.push(corpusTable(name, corpus));
  const names = Object.keys(results.corpora);
  const targets = Object.fromEntries(names.map((name) => [name, checkTargets(results.corpora[name])]));
  out.push(`| target | ${names.join(" | ")} |`);
  out.push(`|---|${names.map(() => "---").join("|")}|`);
  const rows = targets[names[0]]?.length ?? 0;
  for (let i = 0; i < rows; i++) {
    out.push(`| ${targets[names[0]][i].name} | ${names.map((name) => `${targets[name][i].value} ${verdict(targets[name][i].ok)}`).join(" | ")} |`);
  }
  out.push("");
  return `${out.join("\n")}\n`;
}
