import { resolve } from "node:path";
import { evaluateTokenSavings, readTokenSavingsFixture, type TokenSavingsReport } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";

/** How the report names the shipped fixture: the same on every machine, wherever npm installed the package. */
const SHIPPED_FIXTURE = "@tsift/quality/data/token-savings.json";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const tokenSavingsOutput = defineOutput<TokenSavingsReport>({
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

/** `tsift token-savings` (`evaluateTokenSavings`); `--fail-under` makes any failing case exit 1. */
export async function runTokenSavings(io: CliIo, flags: { fixture: string | undefined; failUnder: boolean }): Promise<CommandResult<TokenSavingsReport>> {
  const fixture = flags.fixture === undefined ? readTokenSavingsFixture() : readTokenSavingsFixture(resolve(io.cwd, flags.fixture));
  const report = await evaluateTokenSavings(fixture, flags.fixture ?? SHIPPED_FIXTURE);
  return commandResult(report, tokenSavingsOutput, flags.failUnder && report.summary.failed ? { exitCode: EXIT_CODES.checkFailed } : {});
}
