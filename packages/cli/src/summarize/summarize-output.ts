import type { ExtractReport, FileSummaryView, SummaryStats, SymbolSummaryView } from "@tsift/index/summaries";
import { defineOutput } from "../output/output-spec";

function symbolLines(view: SymbolSummaryView): string[] {
  const head = `${view.symbol} (${view.kind}, ${view.file}:${view.line}): ${view.state}`;
  if (view.state === "missing") return [`${head} — not extracted; next: tsift summarize --extract ${view.file}`];
  const lines = [head, `  ${view.summary ?? ""}`];
  if (view.concepts?.length) lines.push(`  concepts: ${view.concepts.join(", ")}`);
  if (view.state === "stale") lines.push(`  (the source changed since ${view.extracted_at ?? "extraction"}; next: tsift summarize --extract ${view.file})`);
  return lines;
}

export const symbolSummaryOutput = defineOutput<SymbolSummaryView>({
  tool: "summarize",
  text: (data) => symbolLines(data).join("\n"),
  envelope: {
    view: "detail",
    summary: (data) => `${data.symbol}: summary ${data.state}`,
    metrics: (data) => [{ label: "state", value: data.state }],
    followUp: (data) => (data.state === "current" ? [`tsift explain ${data.symbol}`] : [`tsift summarize --extract ${data.file}`]),
  },
});

export const fileSummaryOutput = defineOutput<FileSummaryView>({
  tool: "summarize",
  text: (data) =>
    [`${data.file}: ${data.counts.current} current, ${data.counts.stale} stale, ${data.counts.missing} missing`, ...data.symbols.flatMap(symbolLines)].join(
      "\n",
    ),
  tables: [
    {
      columns: ["symbol", "kind", "line", "state", "summary"],
      rows: (data) => data.symbols.map((symbol) => [symbol.symbol, symbol.kind, symbol.line, symbol.state, symbol.summary ?? ""]),
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.file}: ${data.counts.current} of ${data.symbols.length} symbols have a current summary`,
    metrics: (data) => [
      { label: "current", value: data.counts.current },
      { label: "stale", value: data.counts.stale },
      { label: "missing", value: data.counts.missing },
    ],
    followUp: (data) => (data.counts.stale + data.counts.missing > 0 ? [`tsift summarize --extract ${data.file}`] : []),
  },
});

export const statsOutput = defineOutput<SummaryStats>({
  tool: "summarize",
  text: (data) =>
    [
      `summaries: ${data.summaries} across ${data.cached_files} file${data.cached_files === 1 ? "" : "s"} (${data.stale_files} stale)`,
      `extraction spent: ${data.tokens_input} input + ${data.tokens_output} output tokens${data.models.length ? ` (${data.models.join(", ")})` : ""}`,
      `estimated tokens saved per full read of the current files: ${data.estimated_tokens_saved}`,
      ...(data.extracted_at ? [`last extract: ${data.extracted_at}`] : []),
    ].join("\n"),
  envelope: {
    view: "detail",
    summary: (data) => `${data.summaries} summaries, ${data.cached_files} cached files, ${data.stale_files} stale`,
    metrics: (data) => [
      { label: "summaries", value: data.summaries },
      { label: "cached_files", value: data.cached_files },
      { label: "stale_files", value: data.stale_files },
      { label: "estimated_tokens_saved", value: data.estimated_tokens_saved },
    ],
    followUp: (data) => (data.stale_files > 0 ? ["tsift summarize --extract --diff"] : []),
  },
});

export const extractOutput = defineOutput<ExtractReport>({
  tool: "summarize",
  text: (data) =>
    [
      `extracted ${data.scope}${data.diff ? " (git-changed files)" : ""}: ${data.files} file${data.files === 1 ? "" : "s"}, ${data.symbols} symbols — ${data.summarized} summarized, ${data.reused} already current, ${data.pruned} pruned`,
      `requests: ${data.requests} to ${data.model}; tokens: ${data.tokens_input} input + ${data.tokens_output} output`,
      ...data.skipped.map((skip) => `skipped ${skip.file}: ${skip.reason === "too_large" ? "over [summarize] max_file_tokens" : "unreadable"}`),
    ].join("\n"),
  envelope: {
    view: "detail",
    summary: (data) => `${data.summarized} summarized, ${data.reused} already current across ${data.files} files`,
    metrics: (data) => [
      { label: "files", value: data.files },
      { label: "summarized", value: data.summarized },
      { label: "reused", value: data.reused },
      { label: "requests", value: data.requests },
      { label: "tokens_input", value: data.tokens_input },
      { label: "tokens_output", value: data.tokens_output },
    ],
    followUp: () => ["tsift summarize --stats"],
  },
});
