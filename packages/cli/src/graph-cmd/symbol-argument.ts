import type { TsiftError } from "@tsift/core/light";
import type { SymbolChoiceCandidate as SymbolCandidate, SymbolChoice } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { abbreviateKind } from "../output/compact-labels";
import { defineOutput } from "../output/output-spec";

export type { SymbolCandidate, SymbolChoice };

/**
 * A symbol argument that names several definitions (exit 2) or none (exit 3), as the list
 * of what it could mean on stdout, each with its `gsym-*` handle and the command rerun
 * with it, and the error line `reportError` would print on stderr after it.
 */
export function symbolChoiceResult(choice: SymbolChoice, error: TsiftError, root: string): CommandResult<SymbolChoice> {
  return commandResult(choice, symbolChoiceOutput, {
    root,
    exitCode: choice.status === "ambiguous" ? EXIT_CODES.usage : EXIT_CODES.notFound,
    notes: [`tsift: error[${error.code}]: ${error.message} (next: ${error.hint})`],
  });
}

const where = (candidate: SymbolCandidate) => `${candidate.file}:${candidate.line}`;

export const symbolChoiceOutput = defineOutput<SymbolChoice>({
  tool: "symbol",
  text: (data) => {
    const head =
      data.status === "ambiguous"
        ? `\`${data.symbol}\` is ambiguous: ${data.total} definitions, most central (PageRank) first`
        : `no symbol \`${data.symbol}\`${data.candidates.length ? "; did you mean:" : ""}`;
    const lines = [
      head,
      ...data.candidates.map(
        (candidate) =>
          `  ${candidate.handle}  ${candidate.kind} ${candidate.name}  ${where(candidate)}${candidate.signature ? `  ${candidate.signature}` : ""}`,
      ),
    ];
    if (data.total > data.candidates.length) lines.push(`  (+${data.total - data.candidates.length} more)`);
    // The commands rerun with a handle; the first shows how to pick any other.
    if (data.status === "ambiguous" && data.candidates[0]) lines.push(`pick one by its handle: ${data.candidates[0].expand}`);
    return lines.join("\n");
  },
  compact: (data) =>
    [
      `${data.status === "ambiguous" ? "ambig" : "nf"}: ${data.symbol} [${data.candidates.length}/${data.total}]`,
      ...data.candidates.map((candidate) => `  ${candidate.handle} ${candidate.name} (${abbreviateKind(candidate.kind)}) ${where(candidate)}`),
    ].join("\n"),
  tables: [
    {
      columns: ["handle", "kind", "name", "file", "line"],
      rows: (data) => data.candidates.map((candidate) => [candidate.handle, candidate.kind, candidate.name, candidate.file, candidate.line]),
      more: (data) => data.total - data.candidates.length,
    },
  ],
  envelope: {
    view: "candidates",
    summary: (data) => (data.status === "ambiguous" ? `${data.symbol}: ${data.total} definitions, pick one` : `${data.symbol}: not found`),
    metrics: (data) => [
      { label: "status", value: data.status },
      { label: "candidates", value: data.total },
    ],
    followUp: (data) => data.candidates.map((candidate) => candidate.expand),
  },
});
