import type { HistoryCommit } from "./history-rows";
import { COMMIT_COLUMNS, historyLimit, toHistoryCommit, type CommitRow } from "./history-rows";
import { openHistoryForRead, type HistoryReadOptions } from "./open-history-read";
import { TsiftError } from "@tsift/core/light";

export interface SearchHistoryOptions extends HistoryReadOptions {
  query: string;
  /** Commits returned at most (0 = up to 10000); default 20. */
  limit?: number;
  /** Only commits of this conventional type. */
  type?: string | undefined;
}

export interface HistorySearchHit extends HistoryCommit {
  /** BM25 over subject, body and tags (subject and tags weigh more); lower is better, as SQLite reports it. */
  score: number;
}

/** `tsift history search <query> --json`. */
export interface HistorySearchResult {
  query: string;
  results: HistorySearchHit[];
  total: number;
  truncated: boolean;
}

/** Each word a quoted FTS5 term, so punctuation in a query is never FTS5 syntax; every term must match. */
export function historyMatchExpression(query: string): string {
  const terms = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return terms.map((term) => `"${term}"`).join(" ");
}

/**
 * `tsift history search`: commits whose subject, body or `tags:` line match every word
 * of the query, best first by FTS5 BM25 (ties: newest first), at most `limit`.
 */
export async function searchHistory(options: SearchHistoryOptions): Promise<HistorySearchResult> {
  const limit = historyLimit("limit", options.limit, 20);
  const match = historyMatchExpression(options.query);
  if (match === "") throw new TsiftError("invalid_input", `the query \`${options.query}\` holds no words to search for`, { details: { query: options.query } });
  const read = await openHistoryForRead(options);
  try {
    const db = read.connection.database;
    const typeFilter = options.type ? " AND c.type = @type" : "";
    const params = { match, type: options.type?.toLowerCase() ?? null, limit };
    const total = db
      .prepare(`SELECT count(*) FROM commits_fts JOIN commits c ON c.id = commits_fts.rowid WHERE commits_fts MATCH @match${typeFilter}`)
      .pluck()
      .get(params) as number;
    const rows = db
      .prepare(
        `SELECT ${COMMIT_COLUMNS}, bm25(commits_fts, 4.0, 1.0, 3.0) AS score FROM commits_fts JOIN commits c ON c.id = commits_fts.rowid
         WHERE commits_fts MATCH @match${typeFilter} ORDER BY score, c.id DESC LIMIT @limit`,
      )
      .all(params) as (CommitRow & { score: number })[];
    return {
      query: options.query,
      results: rows.map((row) => ({ ...toHistoryCommit(row), score: Math.round(row.score * 1e6) / 1e6 })),
      total,
      truncated: total > rows.length,
    };
  } finally {
    read.close();
  }
}
