import yargs, { type Argv } from "yargs";
import { TsiftError } from "@tsift/core";
import { COMMANDS, GLOBAL_OPTIONS, USAGE, helpWidth, type CommandName } from "./cli-catalog";
import type { CommandContext } from "./command-context";
import type { CommandResult } from "./command-result";
import { COMMAND_MODULES } from "./commands/command-modules";
import { runAndEmit } from "./emit-result";
import { EXIT_CODES } from "./exit-codes";
import { processIo, type CliIo } from "./io";
import { outputOptions, type OutputArgs } from "./output/output-options";
import { VERSION } from "./version";
import { skipHelpCache } from "./yargs-help-cache";

export interface CliRun {
  parser: Argv;
  /** The result the command left, once parsing has finished. */
  result(): CommandResult | undefined;
}

/** Builds the yargs parser; `main` runs it. Exposed so tests can inspect commands. */
export function createCli(io: CliIo = processIo()): CliRun {
  let result: CommandResult | undefined;
  const context: CommandContext = {
    io,
    setResult(value) {
      result = value;
    },
  };
  let parser = yargs().scriptName("tsift").version(VERSION).usage(USAGE);
  // No defaults on the boolean flags: help then shows `[boolean]` alone, as the fast help does.
  for (const option of GLOBAL_OPTIONS) parser = parser.option(option.name, { type: "boolean", describe: option.describe });
  for (const name of Object.keys(COMMANDS) as CommandName[]) parser = parser.command(COMMAND_MODULES[name](context));
  parser = parser
    .strict()
    .recommendCommands()
    .demandCommand(1, "")
    .help()
    .alias("help", "h")
    .alias("version", "V")
    .wrap(helpWidth(io.columns))
    .exitProcess(false)
    .fail((message, error) => {
      if (error) throw error;
      throw new TsiftError("usage", message || "missing command", { hint: "tsift --help" });
    });
  skipHelpCache(parser);
  return { parser, result: () => result };
}

/** Runs the CLI and returns the exit code; never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (argv.length === 0) {
    io.stdout(`tsift v${VERSION}\nRun \`tsift --help\` for usage.\n`);
    return EXIT_CODES.ok;
  }
  const cli = createCli(io);
  let builtinOutput = "";
  let parsed: OutputArgs = {};
  return runAndEmit(io, () => outputOptions(parsed), async () => {
    parsed = (await cli.parser.parseAsync([...argv], {}, (_error, _args, output) => {
      builtinOutput = output;
    })) as OutputArgs;
    const result = cli.result();
    if (!result && builtinOutput) io.stdout(`${builtinOutput}\n`);
    return result;
  });
}
