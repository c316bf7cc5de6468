import { runAndEmit } from "../emit-result";
import type { CliIo } from "../io";
import { outputOptions } from "../output/output-options";
import { parseReadArgv, type ReadCommandName } from "./read-command-options";
import { runReadCommand } from "./run-read-command";

/**
 * `tsift graph|explain|path|communities|analyze|symbols …` without the yargs parser,
 * whose import costs more than one of these queries on a fresh index: the arguments are
 * read with `parseReadArgv` (the same option table as the yargs modules) and the command
 * runs through the same handler and output pipeline as `main`. Returns the exit code, or
 * undefined when the arguments are not a plain invocation (help, a usage error): then
 * `main` runs as usual and yargs reports it.
 */
export async function runReadFast(command: ReadCommandName, argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const args = parseReadArgv(command, argv);
  if (!args) return undefined;
  return runAndEmit(io, () => outputOptions(args), () => runReadCommand(command, args, io));
}
