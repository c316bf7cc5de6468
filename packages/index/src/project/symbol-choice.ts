import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import type { GraphSymbol } from "../graph-queries/graph-symbol";
import { resolveSymbolArgument } from "../graph-queries/resolve-symbol-argument";
import { placeFlags, shellArg, type CommandPlace } from "./command-place";

/** A definition offered instead of an answer: an ambiguous argument's candidates, or near names. */
export interface SymbolChoiceCandidate {
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

/** What a symbol argument could mean, when it does not name exactly one definition. */
export interface SymbolChoice {
  /** The argument as given. */
  symbol: string;
  status: "ambiguous" | "not_found";
  /** `ambiguous`: every definition it names (capped); `not_found`: near names. */
  candidates: SymbolChoiceCandidate[];
  total: number;
  truncated: boolean;
}

/**
 * Turns a symbol argument into one definition. Several definitions throw `usage`, nothing
 * throws `not_found`; either error carries the `SymbolChoice` as `details.choice` (each
 * candidate with its `gsym-*` handle and the command rerun with it, spelled by
 * `rerun(handle)`), so a caller can list them instead of a bare error.
 */
export function chooseSymbol(db: Database.Database, argument: string, place: CommandPlace, rerun: (handle: string) => string): GraphSymbol {
  const found = resolveSymbolArgument(db, argument);
  if (found.status === "resolved") return found.symbol;
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
  const choice: SymbolChoice = {
    symbol: argument,
    status: found.status,
    candidates,
    total: found.status === "ambiguous" ? found.total : candidates.length,
    truncated: found.status === "ambiguous" ? found.truncated : false,
  };
  if (found.status === "ambiguous") {
    throw new TsiftError("usage", `\`${argument}\` names ${choice.total} definitions`, {
      details: { choice },
      hint: `${candidates[0]!.expand}, or another handle listed`,
    });
  }
  throw new TsiftError("not_found", `no indexed symbol matches \`${argument}\``, {
    details: { choice },
    hint: candidates.length ? candidates[0]!.expand : `tsift symbols ${shellArg(argument)}${placeFlags(place)}`,
  });
}

/** The `SymbolChoice` a `chooseSymbol` error carries, or null for any other error. */
export function symbolChoiceOf(error: unknown): SymbolChoice | null {
  if (!isTsiftError(error) || (error.code !== "usage" && error.code !== "not_found")) return null;
  const choice = error.details?.choice as SymbolChoice | undefined;
  return choice && typeof choice === "object" && Array.isArray(choice.candidates) ? choice : null;
}

/** `tsift <command> <handle>` with the handle quoted for the shell when needed. */
export function rerunWith(command: string, ...before: string[]): (handle: string) => string {
  return (handle) => ["tsift", command, ...before.map(shellArg), handle].join(" ");
}
