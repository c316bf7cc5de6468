import { runAndEmit } from "../emit-result";
import type { CliIo } from "../io";
import { outputOptions } from "../output/output-options";
import { parseGraphDbReadArgv } from "./graph-db-read-options";
import { runGraphDbRead } from "./run-graph-db-read";

/**
 * `tsift graph-db <read> …` without the yargs parser. A graph-db read on a current
 * graph.db is a few milliseconds of SQLite; importing yargs alone costs more than the
 * whole 150 ms budget leaves. The arguments are read by the plain parser against the same
 * option table, and the read runs through the same dispatcher and output pipeline as the
 * yargs handler. Returns the exit code, or undefined when the command line is not a plain
 * read (help, writes, a usage error): then `main` runs as usual and yargs handles it.
 */
export async function runGraphDbFast(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const parsed = parseGraphDbReadArgv(argv);
  if (!parsed) return undefined;
  return runAndEmit(io, () => outputOptions(parsed.args), () => runGraphDbRead(parsed.sub, parsed.args, io));
}
