import { isTsiftError, type TsiftErrorCode } from "@tsift/core/light";
import { EXIT_CODES, exitCodeForError, type ExitCode } from "./exit-codes";

export interface ErrorReport {
  exitCode: ExitCode;
  /** One line: what failed, then what to run next. */
  line: string;
}

/** What to run next when the error itself does not say. */
const DEFAULT_HINTS: Partial<Record<TsiftErrorCode, string>> = {
  usage: "tsift --help",
  index_missing: "tsift index",
  index_stale: "tsift index",
  lock_held: "tsift locks",
  schema_newer: "upgrade tsift",
};

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** Turns any thrown value into an exit code and a single actionable stderr line; stacks only when `debug`. */
export function reportError(error: unknown, debug: boolean): ErrorReport & { stack?: string } {
  if (isTsiftError(error)) {
    const hint = error.hint ?? DEFAULT_HINTS[error.code];
    const next = hint && !error.message.includes(hint) ? ` (next: ${oneLine(hint)})` : "";
    return {
      exitCode: exitCodeForError(error.code),
      line: `tsift: error[${error.code}]: ${oneLine(error.message)}${next}`,
      ...(debug && error.stack ? { stack: error.stack } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: EXIT_CODES.internal,
    line: `tsift: internal error: ${oneLine(message)} (rerun with TSIFT_DEBUG=1 for a stack trace and report it)`,
    ...(debug && error instanceof Error && error.stack ? { stack: error.stack } : {}),
  };
}
