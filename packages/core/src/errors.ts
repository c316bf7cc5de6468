/**
 * Every failure tsift reports has a stable `code`; callers (and tests) branch on the
 * code, never on the message, so messages can improve without breaking anyone.
 */
export type TsiftErrorCode =
  | "usage"
  | "invalid_input"
  | "not_found"
  | "index_missing"
  | "index_stale"
  | "lock_held"
  | "schema_newer"
  | "schema_mismatch"
  | "corrupt_data"
  | "read_only"
  | "unsupported"
  | "io_error"
  | "timeout"
  | "backend_error"
  | "native_binding"
  | "internal";

export const TSIFT_ERROR_CODES: readonly TsiftErrorCode[] = [
  "usage",
  "invalid_input",
  "not_found",
  "index_missing",
  "index_stale",
  "lock_held",
  "schema_newer",
  "schema_mismatch",
  "corrupt_data",
  "read_only",
  "unsupported",
  "io_error",
  "timeout",
  "backend_error",
  "native_binding",
  "internal",
];

export interface TsiftErrorOptions {
  /** Machine-readable context (paths, versions, ids) for JSON error reports. */
  details?: Record<string, unknown>;
  /** The command a user should run next, e.g. "tsift graph-db refresh". */
  hint?: string;
  cause?: unknown;
}

export class TsiftError extends Error {
  override readonly name = "TsiftError";
  readonly code: TsiftErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly hint: string | undefined;

  constructor(code: TsiftErrorCode, message: string, options: TsiftErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.hint = options.hint;
  }
}

/**
 * Structural check rather than `instanceof`: two installed copies of @tsift/core (or a
 * bundled one) would otherwise disagree about which errors are tsift's.
 */
export function isTsiftError(value: unknown, code?: TsiftErrorCode): value is TsiftError {
  if (!(value instanceof Error) || value.name !== "TsiftError") return false;
  const actual = (value as { code?: unknown }).code;
  return typeof actual === "string" && (code === undefined || actual === code);
}
