import type { CommandResult } from "./command-result";
import { reportError } from "./error-report";
import { EXIT_CODES } from "./exit-codes";
import type { CliIo } from "./io";
import { escapeControls } from "./output/escape-controls";
import type { OutputOptions } from "./output/output-options";
import { renderOutput } from "./output/render-output";

/**
 * Runs a command and prints what every entry point prints for it — the rendered result on
 * stdout and its notes on stderr, or a failure as one line (its stack only under
 * TSIFT_DEBUG=1) — and returns the exit code. `main` and the yargs-free fast paths share it,
 * so a command answers the same whichever way it was parsed. `options` is read after the
 * run, when yargs has parsed them.
 */
export async function runAndEmit(io: CliIo, options: () => OutputOptions, run: () => Promise<CommandResult | undefined>): Promise<number> {
  try {
    const result = await run();
    if (!result) return EXIT_CODES.ok;
    if (result.emitted) return result.exitCode ?? EXIT_CODES.ok;
    io.stdout(renderOutput(result, options(), io.env));
    for (const note of result.notes ?? []) io.stderr(`${escapeControls(note)}\n`);
    return result.exitCode ?? EXIT_CODES.ok;
  } catch (error) {
    const report = reportError(error, io.env.TSIFT_DEBUG === "1");
    io.stderr(`${escapeControls(report.line)}\n`);
    if (report.stack) io.stderr(`${report.stack}\n`);
    return report.exitCode;
  }
}
