import { normalizeTag } from "./commit-message";
import { historyLimit } from "./history-rows";
import { openHistoryForRead, type HistoryReadOptions } from "./open-history-read";

export interface ReadArtifactsOptions extends HistoryReadOptions {
  /** Only artifacts carrying this tag. */
  tag?: string | undefined;
  /** Only paths that exist at HEAD. */
  alive?: boolean;
  /** At most this many (0 = up to 10000); default 100. */
  limit?: number;
}

export interface HistoryArtifact {
  path: string;
  /** Exists at HEAD. */
  alive: boolean;
  tags: string[];
  /** Commits that touched this path (a rename away from it included). */
  commits: number;
  /** The newest of them (12 characters) and its author date, or null. */
  last_commit: string | null;
  last_date: string | null;
}

/** `tsift history artifacts --json`. */
export interface HistoryArtifactsResult {
  tag: string | null;
  alive_only: boolean;
  artifacts: HistoryArtifact[];
  total: number;
  truncated: boolean;
}

/** `tsift history artifacts`: every path the history ever touched (or only those alive at HEAD, or with a tag), by path. */
export async function readArtifacts(options: ReadArtifactsOptions): Promise<HistoryArtifactsResult> {
  const limit = historyLimit("limit", options.limit, 100);
  const tag = options.tag === undefined ? null : normalizeTag(options.tag);
  const read = await openHistoryForRead(options);
  try {
    const db = read.connection.database;
    const where = [
      ...(options.alive ? ["a.alive = 1"] : []),
      ...(tag !== null ? ["EXISTS (SELECT 1 FROM artifact_tags t WHERE t.artifact_id = a.id AND t.tag = @tag)"] : []),
    ];
    const filter = where.length ? ` WHERE ${where.join(" AND ")}` : "";
    const total = db.prepare(`SELECT count(*) FROM artifacts a${filter}`).pluck().get({ tag }) as number;
    const rows = db
      .prepare(
        `SELECT a.path, a.alive,
           (SELECT group_concat(tag, ' ') FROM (SELECT tag FROM artifact_tags WHERE artifact_id = a.id ORDER BY tag)) AS tags,
           (SELECT count(*) FROM (SELECT commit_id FROM commit_files WHERE artifact_id = a.id UNION SELECT commit_id FROM commit_files WHERE old_artifact_id = a.id)) AS commits,
           (SELECT c.hash || ' ' || c.author_time FROM commits c WHERE c.id = (SELECT max(commit_id) FROM (SELECT commit_id FROM commit_files WHERE artifact_id = a.id UNION ALL SELECT commit_id FROM commit_files WHERE old_artifact_id = a.id))) AS last
         FROM artifacts a${filter} ORDER BY a.path LIMIT @limit`,
      )
      .all({ tag, limit }) as { path: string; alive: number; tags: string | null; commits: number; last: string | null }[];
    return {
      tag,
      alive_only: options.alive === true,
      artifacts: rows.map((row) => {
        const [hash, time] = row.last?.split(" ") ?? [];
        return {
          path: row.path,
          alive: row.alive === 1,
          tags: row.tags ? row.tags.split(" ") : [],
          commits: row.commits,
          last_commit: hash ? hash.slice(0, 12) : null,
          last_date: time ? new Date(Number(time) * 1000).toISOString().replace(/\.000Z$/, "Z") : null,
        };
      }),
      total,
      truncated: total > rows.length,
    };
  } finally {
    read.close();
  }
}
