import { TsiftError, isTsiftError, type TsiftErrorCode } from "@tsift/core";

export interface ErrorContext {
  /** Safe to show: a path or a URL without credentials. */
  location: string;
  remote: boolean;
  readOnly: boolean;
  /** Opening (connect, pragmas) or running a statement; decides CANTOPEN's meaning. */
  phase: "open" | "statement";
  /** Scrubbed from every message in case a driver ever echoes it. */
  secret?: string | undefined;
}

interface DriverError {
  code?: unknown;
  extendedCode?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** Primary result codes the native open reports only as a number. */
const OPEN_FAILURE_CODES: Record<number, string> = {
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  11: "SQLITE_CORRUPT",
  14: "SQLITE_CANTOPEN",
  26: "SQLITE_NOTADB",
};

/** The SQLite result code name, from a LibsqlError or the native open failure text. */
function sqliteCode(error: DriverError): string | undefined {
  for (const value of [error.extendedCode, error.code]) {
    if (typeof value === "string" && value.startsWith("SQLITE_")) return value;
  }
  // The native local open throws a plain Error: `ConnectionFailed("Unable to open ...: 14")`.
  const message = typeof error.message === "string" ? error.message : "";
  const open = /ConnectionFailed\(.*:\s*(\d+)\D*$/su.exec(message);
  return open ? OPEN_FAILURE_CODES[Number(open[1])] : undefined;
}

function causeText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    // LibsqlError repeats its cause's message after a code prefix; keep the longest form once.
    const message = current.message;
    if (!parts.some((part) => part.includes(message))) parts.push(message);
    current = (current as DriverError).cause;
  }
  return parts.join(": ") || String(error);
}

/** Transport failures: nothing reached SQL, so the fix is the URL, the network or the token. */
function isTransportFailure(error: DriverError): boolean {
  if (error instanceof TypeError && /fetch failed/u.test(String(error.message))) return true;
  const code = typeof error.code === "string" ? error.code : "";
  return code.startsWith("HRANA_") || code === "SERVER_ERROR" || code === "CLIENT_CLOSED" || code === "STREAM_EXPIRED" || code === "PROTOCOL_VERSION_ERROR";
}

/** Drivers echo URLs in messages; user info and token parameters never leave this package. */
function scrub(text: string, secret: string | undefined): string {
  const masked = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/giu, "$1").replace(/([?&]authToken=)[^&#\s]*/giu, "$1<redacted>");
  return secret ? masked.split(secret).join("<redacted>") : masked;
}

/**
 * Maps libSQL failures (the local engine's and @libsql/client's) onto tsift's error codes
 * so callers branch the same way for both SQL backends. TsiftErrors raised by the store
 * itself pass through unchanged.
 */
export function toTsiftError(error: unknown, context: ErrorContext): TsiftError {
  if (isTsiftError(error)) return error;
  const driver = (error ?? {}) as DriverError;
  const where = context.location;
  const reason = scrub(causeText(error), context.secret);
  const sqlite = sqliteCode(driver);
  const details: Record<string, unknown> = { location: where };
  if (sqlite) details.sqlite_code = sqlite;
  else if (typeof driver.code === "string") details.driver_code = driver.code;
  const fail = (code: TsiftErrorCode, message: string, hint?: string) =>
    new TsiftError(code, scrub(message, context.secret), hint === undefined ? { cause: error, details } : { cause: error, details, hint });

  if (sqlite?.startsWith("SQLITE_BUSY") || sqlite?.startsWith("SQLITE_LOCKED")) {
    return fail("lock_held", `${where} is locked by another writer: ${reason}`, "retry when the other writer has finished");
  }
  if (sqlite?.startsWith("SQLITE_CANTOPEN")) {
    if (context.readOnly && context.phase === "open") return fail("not_found", `cannot open ${where}: the file does not exist or is not readable`);
    return fail("io_error", `cannot open libSQL database ${where}: ${reason}`);
  }
  if (sqlite === "SQLITE_NOTADB" || sqlite?.startsWith("SQLITE_CORRUPT")) {
    return fail("corrupt_data", `cannot use ${where} as a libSQL database: ${reason}`, "delete the file and run `tsift graph-db refresh`");
  }
  if (sqlite?.startsWith("SQLITE_READONLY")) return fail("read_only", `${where} is read-only: ${reason}`);
  const code = typeof driver.code === "string" ? driver.code : "";
  if (code.startsWith("URL_")) return fail("invalid_input", `invalid libSQL URL ${where}: ${reason}`);
  if (code === "SQL_PARSE_ERROR" && /unsupported statement/u.test(reason)) {
    // sqld refuses connection-bound state (TEMP tables, setter pragmas) that SQLite allows.
    return fail("unsupported", `libSQL server ${where} refuses a statement tsift needs: ${reason}`);
  }
  if (context.remote && isTransportFailure(driver)) {
    const auth = /\b(401|403)\b/u.test(reason);
    return fail(
      "backend_error",
      `cannot reach libSQL server ${where}: ${reason}`,
      auth ? "check the auth token (TSIFT_LIBSQL_AUTH_TOKEN)" : "check the URL, the network and that the server is running",
    );
  }
  return fail("backend_error", `libSQL ${where}: ${reason}`);
}
