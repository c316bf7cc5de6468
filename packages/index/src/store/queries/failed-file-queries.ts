import type Database from "better-sqlite3";
import { FAILURE_REASONS, type FailureReason } from "../index-schema";
import type { IndexWarningStage } from "../../walk/index-warning";
import { prepared } from "./prepared";

/** A tracked file the last run could not read or extract, with the warning it reported. */
export interface FailedFile {
  /** Root-relative, `/`-separated. */
  path: string;
  stage: Extract<IndexWarningStage, "read_source" | "extract_symbols">;
  reason: string;
}

const STAGE: Record<FailureReason, FailedFile["stage"]> = { read_failed: "read_source", extract_failed: "extract_symbols" };

/**
 * The recorded failures (`files.failure`), in path order. An index older than schema 4
 * records none, so it has none to list.
 */
export function failedFiles(db: Database.Database): FailedFile[] {
  if (Number(db.pragma("user_version", { simple: true })) < 4) return [];
  const rows = prepared(db, "SELECT path, skip_reason, failure FROM files WHERE failure IS NOT NULL ORDER BY path").all() as {
    path: string;
    skip_reason: string;
    failure: string;
  }[];
  return rows.map((row) => ({
    path: row.path,
    stage: (FAILURE_REASONS as readonly string[]).includes(row.skip_reason) ? STAGE[row.skip_reason as FailureReason] : "extract_symbols",
    reason: row.failure,
  }));
}
