import type { CommandResult } from "./command-result";
import { parseArgv } from "./definition/parse-argv";
import { runDefinition } from "./definition/run-definition";
import type { CliIo } from "./io";

/**
 * Runs a command without yargs, whose import costs more than most queries: the command
 * line is read by the fast parser from the same definitions, and the command runs
 * through the same `runDefinition` and output pipeline as `main`. A usage mistake is
 * reported here too, with the words `main` would use. Returns the exit code, or
 * undefined when yargs must take the command line (help, forms the parser leaves alone).
 * Import-light: the command starts (and starts loading its use case) while the output
 * pipeline loads.
 */
export async function runFastPath(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const parsed = parseArgv(argv);
  let result: Promise<CommandResult>;
  if (parsed) result = runDefinition(parsed.resolved, parsed.args, io);
  else {
    const error = (await import("./definition/usage-errors")).usageError(argv);
    if (!error) return undefined;
    result = Promise.reject(error);
  }
  // Awaited by runAndEmit below; this only keeps a failure meanwhile from counting as unhandled.
  result.catch(() => {});
  const [{ runAndEmit }, { outputOptions }] = await Promise.all([import("./emit-result"), import("./output/output-options")]);
  return runAndEmit(
    io,
    () => outputOptions(parsed?.args ?? {}),
    () => result,
  );
}
