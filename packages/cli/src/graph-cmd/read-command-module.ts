import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { commandMeta } from "../commands/command-meta";
import { READ_COMMAND_OPTIONS, type ReadArgs, type ReadCommandName } from "./read-command-options";
import { runReadCommand } from "./run-read-command";

/** The yargs module of a read command, built from the same option table the fast path parses with. */
export function readCommandModule(name: ReadCommandName, context: CommandContext) {
  const spec = READ_COMMAND_OPTIONS[name];
  return {
    ...commandMeta(name),
    builder: (yargs: Argv) => {
      let built = yargs;
      for (const positional of spec.positionals) built = built.positional(positional.name, { type: "string", describe: positional.describe });
      for (const option of spec.options) {
        built = built.option(option.name, {
          type: option.type,
          describe: option.describe,
          ...("alias" in option ? { alias: option.alias } : {}),
          ...("default" in option ? { default: option.default } : {}),
          ...("choices" in option ? { choices: option.choices } : {}),
          ...(option.type === "array" ? { string: true } : {}),
        });
      }
      return built;
    },
    handler: async (args: ReadArgs) => {
      context.setResult(await runReadCommand(name, args, context.io));
    },
  };
}
