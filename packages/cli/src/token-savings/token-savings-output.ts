import type { TokenSavingsReport } from "@tsift/quality";
import { defineOutput } from "../output/output-spec";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** `tsift token-savings` output: the summary, each surface, then each case with its saving. */
export const tokenSavingsOutput = defineOutput<TokenSavingsReport>({
  tool: "token-savings",
  text: (data) =>
    [
      `${data.summary.passed}/${data.summary.cases} cases pass; median saving ${percent(data.summary.median_savings)} (${data.summary.raw_tokens} → ${data.summary.answer_tokens} ${data.tokenizer} tokens)`,
      ...data.summary.surfaces.map((surface) => `  ${surface.surface}: ${surface.cases} cases, median ${percent(surface.median_savings)}`),
      ...data.cases.map(
        (entry) =>
          `${entry.pass ? "ok  " : "FAIL"} ${entry.id}: ${entry.raw_tokens} → ${entry.answer_tokens} tokens, ${percent(entry.savings)} (min ${percent(entry.min_savings)})${entry.missing.length ? `; lost ${entry.missing.join(", ")}` : ""}`,
      ),
    ].join("\n"),
  tables: [
    {
      columns: ["id", "surface", "raw_tokens", "answer_tokens", "savings", "pass"],
      rows: (data) => data.cases.map((entry) => [entry.id, entry.surface, entry.raw_tokens, entry.answer_tokens, entry.savings, entry.pass]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `${data.summary.passed}/${data.summary.cases} pass, median saving ${percent(data.summary.median_savings)}`,
    metrics: (data) => [
      { label: "cases", value: data.summary.cases },
      { label: "failed", value: data.summary.failed },
      { label: "median_savings", value: data.summary.median_savings },
    ],
  },
});
