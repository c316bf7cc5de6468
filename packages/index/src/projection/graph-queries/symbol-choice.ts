import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { communityCacheDir } from "./community-cache";
import type { GraphSymbol } from "./graph-symbol";
import { cachedPageRankScores } from "./rank-symbol-candidates";
import { resolveSymbolArgument, type SymbolResolution } from "./resolve-symbol-argument";
import type { IndexLocation } from "../../walk/index-location";
import { placeFlags, shellArg, type CommandPlace } from "../../walk/command-place";

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
 *
 * Given the index's `location`, ambiguous candidates come most central first: by the
 * PageRank ranking cached for `tsift explain` and `tsift search`, computed and cached
 * here when missing (the graph algorithms load only then), file and line breaking ties.
 */
export async function chooseSymbol(
  db: Database.Database,
  argument: string,
  place: CommandPlace,
  rerun: (handle: string) => string,
  location?: IndexLocation,
): Promise<GraphSymbol> {
  const found = await resolveRanked(db, argument, location);
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

async function resolveRanked(db: Database.Database, argument: string, location: IndexLocation | undefined): Promise<SymbolResolution> {
  if (location === undefined) return resolveSymbolArgument(db, argument);
  const cacheDir = communityCacheDir(location);
  let missed = false;
  const found = resolveSymbolArgument(db, argument, {
    rank: (candidates) => {
      const scores = cachedPageRankScores(
        db,
        cacheDir,
        candidates.map((symbol) => symbol.handle),
      );
      missed = scores === null;
      return scores;
    },
  });
  if (found.status !== "ambiguous" || !missed) return found;
  try {
    const { computePageRankScores } = await import("./compute-page-rank-scores");
    const scores = computePageRankScores(db, cacheDir);
    return resolveSymbolArgument(db, argument, { rank: () => scores });
  } catch {
    // No ranking (the graph algorithms failed to load or run): file and line order.
    return found;
  }
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
