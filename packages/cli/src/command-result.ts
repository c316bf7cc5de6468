import type { ExitCode } from "./exit-codes";
import type { OutputSpec } from "./output/output-spec";

/** What a command hands to the output pipeline: data, and how that data is described. */
export interface CommandResult<D = unknown> {
  data: D;
  /** Rendering recipe; without one every mode prints the data as JSON. */
  output?: OutputSpec<D>;
  /** Absolute project root: paths under it print root-relative unless `--absolute`. */
  root?: string;
  /** Non-zero when the command succeeded at reporting a problem (not found, failed check). */
  exitCode?: ExitCode;
  /**
   * The command already printed its output through another command line it ran in-process
   * (`rewrite --run`): nothing is rendered, only `exitCode` is used.
   */
  emitted?: boolean;
  /** Extra one-line notes for stderr (warnings, recovery notices). */
  notes?: string[];
}

/** Builds a result with its data type checked against the spec. */
export function commandResult<D>(data: D, output: OutputSpec<D>, extra: Omit<CommandResult<D>, "data" | "output"> = {}): CommandResult<D> {
  return { data, output, ...extra };
}
