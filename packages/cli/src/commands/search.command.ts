import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { SEARCH_OPTIONS, searchFlags, yargsOption, type SearchArgs } from "../search-cmd/search-options";
import { commandMeta } from "./command-meta";

/**
 * `tsift search <query>`: AST-ranked symbols plus BM25 (or exact, hybrid, semantic) chunk hits.
 * Built from the option table the yargs-free fast path parses with (search-options.ts).
 */
export function searchCommand(context: CommandContext) {
  return {
    ...commandMeta("search"),
    builder: (yargs: Argv) => {
      let built: Argv = yargs.positional(SEARCH_OPTIONS.positional.name, { type: "string", describe: SEARCH_OPTIONS.positional.describe });
      for (const option of SEARCH_OPTIONS.options) built = built.option(option.name, yargsOption(option));
      return built;
    },
    handler: async (args: SearchArgs) => {
      const flags = searchFlags(args);
      const { runSearch } = await import("../search-cmd/run-search");
      context.setResult(await runSearch(context.io, flags));
    },
  };
}
