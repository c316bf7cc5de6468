import type { CommandResult } from "../command-result";
import { runAndEmit } from "../emit-result";
import type { CliIo } from "../io";
import { outputOptions } from "../output/output-options";
import { parseSearchArgv, relatedFlags, RELATED_OPTIONS, SEARCH_OPTIONS, searchFlags } from "./search-options";

export type SearchCommandName = "search" | "related";

/**
 * `tsift search|related …` without the yargs parser, whose import alone costs more than
 * a lexical search on a fresh index: the arguments are read with the same option table
 * the yargs builders are made from (search-options.ts), validated by the same functions,
 * and run through the same runner and output pipeline as `main`. Returns the exit code,
 * or undefined when the command line is not a plain invocation (help, a usage error):
 * then `main` runs as usual and yargs reports it.
 */
export async function runSearchFast(command: SearchCommandName, argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const args = parseSearchArgv(command === "search" ? SEARCH_OPTIONS : RELATED_OPTIONS, argv);
  if (!args) return undefined;
  return runAndEmit(io, () => outputOptions(args), async (): Promise<CommandResult> =>
    command === "search" ? (await import("./run-search")).runSearch(io, searchFlags(args)) : (await import("./run-related")).runRelated(io, relatedFlags(args)),
  );
}
