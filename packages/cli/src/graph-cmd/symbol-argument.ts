import type Database from "better-sqlite3";
import { resolveSymbolArgument, type GraphSymbol } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { abbreviateKind } from "../output/compact-labels";
import { defineOutput } from "../output/output-spec";
import { shellArg } from "@tsift/digest";
import { placeFlags, type CommandPlace } from "../symbol-ref";

/** A definition offered instead of an answer: an ambiguous argument's candidates, or near names. */
export interface SymbolCandidate {
  name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  signature: string | null;
  handle: string;
  /** The same command with this candidate's handle. */
  expand: string;
}

export interface SymbolChoice {
  /** The argument as given. */
  symbol: string;
  status: "ambiguous" | "not_found";
  /** `ambiguous`: every definition it names (capped); `not_found`: near names. */
  candidates: SymbolCandidate[];
  total: number;
  truncated: boolean;
}

export type ArgumentOutcome = { symbol: GraphSymbol } | { failure: CommandResult<SymbolChoice> };

/**
 * Turns a symbol argument into one definition, or into the result that lists what it
 * could mean: several definitions is a usage error (exit 2) listing each with its
 * `gsym-*` handle and the command rerun with it; nothing is not found (exit 3) with near
 * names. `rerun(handle)` spells that command.
 */
export function symbolArgument(db: Database.Database, argument: string, place: CommandPlace, root: string, rerun: (handle: string) => string): ArgumentOutcome {
  const found = resolveSymbolArgument(db, argument);
  if (found.status === "resolved") return { symbol: found.symbol };
  const listed = found.status === "ambiguous" ? found.candidates : found.suggestions;
  const candidates = listed.map((symbol) => ({
    name: symbol.qualified_name,
    kind: symbol.kind,
    file: symbol.file,
    line: symbol.line,
    end_line: symbol.end_line,
    signature: symbol.signature,
    handle: symbol.handle,
    expand: `${rerun(symbol.handle)}${placeFlags(place)}`,
  }));
  const data: SymbolChoice = {
    symbol: argument,
    status: found.status,
    candidates,
    total: found.status === "ambiguous" ? found.total : candidates.length,
    truncated: found.status === "ambiguous" ? found.truncated : false,
  };
  // The error line `reportError` would print, after the listing on stdout.
  const note =
    found.status === "ambiguous"
      ? `tsift: error[usage]: \`${argument}\` names ${data.total} definitions (next: ${candidates[0]!.expand}, or another handle listed)`
      : `tsift: error[not_found]: no indexed symbol matches \`${argument}\` (next: ${candidates.length ? candidates[0]!.expand : `tsift symbols ${shellArg(argument)}${placeFlags(place)}`})`;
  return {
    failure: commandResult(data, symbolChoiceOutput, {
      root,
      exitCode: found.status === "ambiguous" ? EXIT_CODES.usage : EXIT_CODES.notFound,
      notes: [note],
    }),
  };
}

/** `tsift <command> <handle>` with the handle quoted for the shell when needed. */
export function rerunWith(command: string, ...before: string[]): (handle: string) => string {
  return (handle) => ["tsift", command, ...before.map(shellArg), handle].join(" ");
}

const where = (candidate: SymbolCandidate) => `${candidate.file}:${candidate.line}`;

export const symbolChoiceOutput = defineOutput<SymbolChoice>({
  tool: "symbol",
  text: (data) => {
    const head = data.status === "ambiguous" ? `\`${data.symbol}\` is ambiguous: ${data.total} definitions` : `no symbol \`${data.symbol}\`${data.candidates.length ? "; did you mean:" : ""}`;
    const lines = [head, ...data.candidates.map((candidate) => `  ${candidate.handle}  ${candidate.kind} ${candidate.name}  ${where(candidate)}${candidate.signature ? `  ${candidate.signature}` : ""}`)];
    if (data.total > data.candidates.length) lines.push(`  (+${data.total - data.candidates.length} more)`);
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
