import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { RELATED_OPTIONS, relatedFlags, yargsOption, type SearchArgs } from "../search-cmd/search-options";
import { commandMeta } from "./command-meta";

/**
 * `tsift related <file:line|handle>`: code similar to a chunk, same language first.
 * Built from the option table the yargs-free fast path parses with (search-options.ts).
 */
export function relatedCommand(context: CommandContext) {
  return {
    ...commandMeta("related"),
    builder: (yargs: Argv) => {
      let built: Argv = yargs.positional(RELATED_OPTIONS.positional.name, { type: "string", describe: RELATED_OPTIONS.positional.describe });
      for (const option of RELATED_OPTIONS.options) built = built.option(option.name, yargsOption(option));
      return built;
    },
    handler: async (args: SearchArgs) => {
      const flags = relatedFlags(args);
      const { runRelated } = await import("../search-cmd/run-related");
      context.setResult(await runRelated(context.io, flags));
    },
  };
}
