import yargs, { type Argv } from "yargs";
import { TsiftError } from "@tsift/core/light";
import { COMMAND_DEFINITIONS, GLOBAL_OPTIONS, USAGE, helpWidth } from "./cli-catalog";
import type { CommandContext } from "./command-context";
import type { CommandResult } from "./command-result";
import { END_OF_OPTIONS_SWITCH, yargsArgv } from "./definition/end-of-options";
import { helpArgv } from "./definition/help-words";
import { usageError } from "./definition/usage-errors";
import { runDefinition } from "./definition/run-definition";
import { yargsCommand, type Execute } from "./definition/yargs-commands";
import { runAndEmit } from "./emit-result";
import { EXIT_CODES } from "./exit-codes";
import { processIo, type CliIo } from "./io";
import { outputOptions, type OutputArgs } from "./output/output-options";
import { VERSION } from "./version";

export interface CliRun {
  parser: Argv;
  /** Parses (and runs) a command line as `main` does: `--` ends options, as in the fast parser. */
  parse(argv: readonly string[], onOutput?: (output: string) => void): Promise<unknown>;
  /** The result the command left, once parsing has finished. */
  result(): CommandResult | undefined;
}

/**
 * Builds the yargs parser from the command definitions; `main` runs it. Exposed so tests
 * can inspect commands, and compare yargs' reading of a command line with the fast
 * parser's (`execute` then receives the arguments instead of running the command).
 */
export function createCli(io: CliIo = processIo(), execute: Execute = runDefinition): CliRun {
  let result: CommandResult | undefined;
  const context: CommandContext = {
    io,
    setResult(value) {
      result = value;
    },
  };
  let parser = yargs().scriptName("tsift").version(VERSION).usage(USAGE);
  // No defaults on the boolean flags: help then shows `[boolean]` alone, as the fast help does.
  for (const option of GLOBAL_OPTIONS) parser = parser.option(option.name, { type: "boolean", describe: option.description });
  parser = parser.option(END_OF_OPTIONS_SWITCH, { type: "boolean", hidden: true });
  for (const definition of COMMAND_DEFINITIONS) parser = parser.command(yargsCommand(definition, context, execute));
  parser = parser
    .strict()
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
  skipHelpCaching(parser);
  return {
    parser,
    parse: (argv, onOutput) => parser.parseAsync(yargsArgv(argv), {}, (_error, _args, output) => onOutput?.(output)),
    result: () => result,
  };
}

/**
 * Before a command's handler runs, yargs renders that command's whole help text and keeps it,
 * to print if the handler fails: 50–90 ms of CPU on every command line. tsift never prints it
 * (`.fail` above turns every failure into one error line), so the step is skipped. If yargs
 * stops exposing its usage instance, nothing is skipped and parsing is only slower.
 */
function skipHelpCaching(parser: Argv): void {
  const internal = (parser as unknown as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }).getInternalMethods?.();
  const usage = internal?.getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
}

/** Runs the CLI through yargs and returns the exit code; never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (argv.length === 0) {
    io.stdout(`tsift v${VERSION}\nRun \`tsift --help\` for usage.\n`);
    return EXIT_CODES.ok;
  }
  let builtinOutput = "";
  let parsed: OutputArgs = {};
  return runAndEmit(
    io,
    () => outputOptions(parsed),
    async () => {
      const error = usageError(argv);
      if (error) throw error;
      const cli = createCli(io);
      // `tsift help search` is `tsift search --help`; usageError above rejected a help topic that names no command.
      parsed = (await cli.parse(helpArgv(argv), (output) => {
        builtinOutput = output;
      })) as OutputArgs;
      const result = cli.result();
      if (!result && builtinOutput) io.stdout(`${builtinOutput}\n`);
      return result;
    },
  );
}
