import { reportError } from "../error-report";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { outputOptions } from "../output/output-options";
import { renderOutput } from "../output/render-output";
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
  try {
    const result = await runGraphDbRead(parsed.sub, parsed.args, io);
    io.stdout(renderOutput(result, outputOptions(parsed.args), io.env));
    for (const note of result.notes ?? []) io.stderr(`${note}\n`);
    return result.exitCode ?? EXIT_CODES.ok;
  } catch (error) {
    const report = reportError(error, io.env.TSIFT_DEBUG === "1");
    io.stderr(`${report.line}\n`);
    if (report.stack) io.stderr(`${report.stack}\n`);
    return report.exitCode;
  }
}
