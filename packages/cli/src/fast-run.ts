import type { CommandResult } from "./command-result";
import { parseArgv } from "./definition/parse-argv";
import { runDefinition } from "./definition/run-definition";
import { usageError } from "./definition/usage-errors";
import { runAndEmit } from "./emit-result";
import type { CliIo } from "./io";
import { outputOptions } from "./output/output-options";

/**
 * Runs a command without yargs, whose import costs more than most queries: the command
 * line is read by the fast parser from the same definitions, and the command runs
 * through the same `runDefinition` and output pipeline as `main`. A usage mistake is
 * reported here too, with the words `main` would use. Returns the exit code, or
 * undefined when yargs must take the command line (help, forms the parser leaves alone).
 */
export async function runFastPath(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const parsed = parseArgv(argv);
  const error = parsed ? undefined : usageError(argv);
  if (!parsed && !error) return undefined;
  return runAndEmit(io, () => outputOptions(parsed?.args ?? {}), async (): Promise<CommandResult> => {
    if (!parsed) throw error;
    return runDefinition(parsed.resolved, parsed.args, io);
  });
}
