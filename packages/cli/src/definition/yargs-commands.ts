import type { Argv, CommandModule } from "yargs";
import type { CommandContext } from "../command-context";
import { commandUsage, type AnyCommand, type AnyDefinition, type OptionDefinition, type ParsedArgs, type PositionalDefinition } from "./define-command";
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { ResolvedCommand } from "./resolve-command";
import { unmarkOperand } from "./end-of-options";
import { GLOBAL_OPTIONS } from "./global-options";

/** What a parsed command line is handed to: `runDefinition`, or a test's probe. */
export type Execute = (resolved: ResolvedCommand, args: ParsedArgs, io: CliIo) => Promise<CommandResult>;

/** One table entry as yargs declares it. */
function yargsOption(option: OptionDefinition) {
  return {
    type: option.type,
    describe: option.description,
    ...(option.alias !== undefined ? { alias: option.alias } : {}),
    ...(option.default !== undefined ? { default: option.default } : {}),
    ...(option.choices !== undefined ? { choices: option.choices } : {}),
    ...(option.type === "array" ? { string: true } : {}),
  };
}

function declare(yargs: Argv, positionals: readonly PositionalDefinition[], options: readonly OptionDefinition[]): Argv {
  let built = yargs;
  for (const positional of positionals)
    built = built.positional(positional.name, { type: "string", describe: positional.description, ...(positional.variadic ? { array: true } : {}) });
  for (const option of options) built = built.option(option.name, yargsOption(option));
  return built;
}

/**
 * yargs' argv reduced to what the fast parser yields: declared options, output switches
 * and positionals by name, nothing undefined (no aliases, camel-case copies or `_`).
 */
export function pickArgs(
  argv: Readonly<Record<string, unknown>>,
  options: readonly OptionDefinition[],
  positionals: readonly PositionalDefinition[],
): ParsedArgs {
  const args: ParsedArgs = {};
  for (const name of [...options.map((option) => option.name), ...GLOBAL_OPTIONS.map((option) => option.name)]) {
    const value = argv[name];
    if (value !== undefined) args[name] = value as ParsedArgs[string];
  }
  for (const { name, variadic } of positionals) {
    const value = argv[name];
    if (value === undefined) continue;
    args[name] = variadic ? (Array.isArray(value) ? value : [value]).map((word) => unmarkOperand(String(word))) : unmarkOperand(String(value));
  }
  return args;
}

function commandModule(
  command: AnyCommand,
  words: readonly string[],
  parentOptions: readonly OptionDefinition[],
  context: CommandContext,
  execute: Execute,
): CommandModule {
  const options = [...parentOptions, ...command.options];
  return {
    command: commandUsage(command),
    describe: command.summary,
    builder: (yargs: Argv) => {
      let built = declare(yargs, command.positionals, command.options);
      for (const example of command.examples) built = built.example(example.command, example.description);
      return built;
    },
    handler: async (argv) => {
      const args = pickArgs(argv, options, command.positionals);
      context.setResult(await execute({ words, command, options, rest: [] }, args, context.io));
    },
  };
}

/** The yargs module of one definition; a group registers its subcommands under it. */
export function yargsCommand(definition: AnyDefinition, context: CommandContext, execute: Execute): CommandModule {
  if (definition.kind === "command") return commandModule(definition, [definition.name], [], context, execute);
  return {
    command: commandUsage(definition),
    describe: definition.summary,
    builder: (yargs: Argv) => {
      let built = declare(yargs, [], definition.options);
      for (const sub of definition.subcommands) built = built.command(commandModule(sub, [definition.name, sub.name], definition.options, context, execute));
      for (const example of definition.examples) built = built.example(example.command, example.description);
      return built.demandCommand(1, "missing argument <command>");
    },
    handler: () => {},
  };
}
