/** What a signal line reports, most severe first. */
export const SIGNAL_KINDS = ["fatal", "panic", "traceback", "error", "failed", "exit_code", "warning"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** Kinds that count as an error for `first_error` (a warning never does). */
export const ERROR_KINDS: ReadonlySet<SignalKind> = new Set(["fatal", "panic", "traceback", "error", "failed", "exit_code"]);

// Each pattern is anchored on a word boundary and has no nested quantifiers, so a
// line is scanned in linear time whatever it holds. Zero counts ("0 errors",
// "0 failed", "no errors") are summaries of success and are filtered out below.
const TRACEBACK = /^\s*Traceback \(most recent call last\):/;
// "panic" in prose ("and panic if the value doesn't fit") is not a signal; Go's
// `panic: …` line, Rust's `thread 'main' panicked at …` and a kernel panic are.
const PANIC = /^\s*panic: |\bpanicked at\b|\bthread '[^']*' panicked\b|\bPANIC\b|\b[Kk]ernel panic\b/;
const FATAL =
  /\b(?:fatal|FATAL)(?: error)?\b[:! ]|\bFATAL\b|\bUnhandled(?:PromiseRejection| exception| rejection)\b|\bSegmentation fault\b|\bAborted \(core dumped\)/;
const ERROR =
  /(?:^|[\s[(>|])(?:error|ERROR|Error)(?:\[[A-Za-z]*\d+\])?(?:[:!]|\s+TS\d+|\s*$)|\bnpm (?:ERR!|error\b)|\b[A-Z][A-Za-z]*(?:Error|Exception)(?::|$)|^\s*E\s{2,}|\berror\[E\d+\]|^\s*ERROR\b|\[(?:ERROR|error)\]|\berror TS\d+\b|\bERR_[A-Z_]+\b/;
const FAILED =
  /\b(?:FAILED|FAILURE|FAIL)\b|\b[1-9]\d* (?:failed|failing|failures?)\b|\b(?:failed|failure)\b(?: to| with| because|:)|\bfailed$|\b(?:Build|build|Command|command|Task|task|Test|test)s? failed\b/;
const EXIT_CODE =
  /\bexit(?:ed)?(?: with)?(?: code| status)[ :=]*(-?[1-9]\d*)\b|\breturned non-zero exit status (-?\d+)|\bELIFECYCLE\b|\bexit status ([1-9]\d*)\b/i;
const WARNING =
  /(?:^|[\s[(>|])(?:warning|WARNING|Warning|warn|WARN)\b(?:\[[A-Za-z]*\d+\])?|\bnpm (?:WARN|warn)\b|\b[A-Z][A-Za-z]*Warning\b|\bDeprecationWarning\b|\bdeprecated\b/;
const ZERO_COUNT = /\b(?:0|no|zero) (?:errors?|failures?|failed|failing|warnings?)\b|\b(?:errors?|failures?|failed|warnings?)[:=] ?0\b/i;

/**
 * The signal a log line carries, or null for ordinary output. Exit codes are
 * recognised only when non-zero, and summaries such as "0 errors" are not signals.
 */
export function classifyLine(line: string): SignalKind | null {
  if (line.length === 0) return null;
  if (TRACEBACK.test(line)) return "traceback";
  if (PANIC.test(line)) return "panic";
  if (FATAL.test(line)) return "fatal";
  const zero = ZERO_COUNT.test(line);
  if (ERROR.test(line) && !(zero && !/\berror[:[]/i.test(line))) return "error";
  if (EXIT_CODE.test(line)) return "exit_code";
  if (FAILED.test(line) && !zero) return "failed";
  if (WARNING.test(line) && !zero) return "warning";
  return null;
}

/** A non-zero exit status named on the line (`exited with code 2`, `exit status 1`). */
export function exitCodeOf(line: string): number | null {
  const match = EXIT_CODE.exec(line);
  if (!match) return null;
  const value = match[1] ?? match[2] ?? match[3];
  return value === undefined ? null : Number(value);
}
