import { reportError } from "../error-report";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { outputOptions } from "../output/output-options";
import { renderOutput } from "../output/render-output";
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
  try {
    const result = await runReadCommand(command, args, io);
    io.stdout(renderOutput(result, outputOptions(args), io.env));
    for (const note of result.notes ?? []) io.stderr(`${note}\n`);
    return result.exitCode ?? EXIT_CODES.ok;
  } catch (error) {
    const report = reportError(error, io.env.TSIFT_DEBUG === "1");
    io.stderr(`${report.line}\n`);
    if (report.stack) io.stderr(`${report.stack}\n`);
    return report.exitCode;
  }
}
