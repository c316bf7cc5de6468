import type { TsiftErrorCode } from "@tsift/core/light";

/** Process exit codes; docs/commands/README.md documents this table. */
export const EXIT_CODES = {
  ok: 0,
  checkFailed: 1,
  usage: 2,
  notFound: 3,
  staleIndex: 4,
  lockHeld: 5,
  schemaMismatch: 6,
  internal: 10,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

const BY_ERROR_CODE: Record<TsiftErrorCode, ExitCode> = {
  usage: EXIT_CODES.usage,
  invalid_input: EXIT_CODES.usage,
  unsupported: EXIT_CODES.usage,
  read_only: EXIT_CODES.usage,
  not_found: EXIT_CODES.notFound,
  index_missing: EXIT_CODES.staleIndex,
  index_stale: EXIT_CODES.staleIndex,
  lock_held: EXIT_CODES.lockHeld,
  schema_newer: EXIT_CODES.schemaMismatch,
  schema_mismatch: EXIT_CODES.schemaMismatch,
  corrupt_data: EXIT_CODES.schemaMismatch,
  io_error: EXIT_CODES.internal,
  timeout: EXIT_CODES.internal,
  backend_error: EXIT_CODES.internal,
  native_binding: EXIT_CODES.internal,
  internal: EXIT_CODES.internal,
};

export function exitCodeForError(code: TsiftErrorCode): ExitCode {
  return BY_ERROR_CODE[code];
}
