import { TsiftError } from "@tsift/core/light";
import { artifactId, historyLimit, workTreePath } from "./history-rows";
import { openHistoryForRead, type HistoryReadOptions } from "./open-history-read";

export interface ReadHistoryTagsOptions extends HistoryReadOptions {
  /** One artifact's tags (relative to the root, or absolute) instead of every tag. */
  path?: string | undefined;
  /** At most this many tags (0 = up to 10000); default 100. */
  limit?: number;
}

export interface HistoryTagCount {
  tag: string;
  /** Artifacts carrying it, alive or not. */
  artifacts: number;
  /** Of those, the ones alive at HEAD. */
  alive: number;
}

export interface ArtifactTag {
  tag: string;
  /** folder: derived from the path; explicit: from a `tags:` line. */
  source: "folder" | "explicit";
}

/** `tsift history tags --json`: every tag with its artifact counts, or one path's tags. */
export interface HistoryTagsResult {
  path: string | null;
  tags: HistoryTagCount[];
  /** The path's tags with where each came from (empty without `path`). */
  artifact_tags: ArtifactTag[];
  total: number;
  truncated: boolean;
}

/**
 * `tsift history tags [--path p]`: the current tag state, after replaying every commit's
 * `tags:` operations over the folder-derived tags; most used first, then by name.
 */
export async function readHistoryTags(options: ReadHistoryTagsOptions): Promise<HistoryTagsResult> {
  const limit = historyLimit("limit", options.limit, 100);
  const read = await openHistoryForRead(options);
  try {
    const db = read.connection.database;
    if (options.path !== undefined) {
      const path = workTreePath(read.repo.workTree, options.root, options.path);
      const id = artifactId(db, path);
      if (id === null) throw new TsiftError("not_found", `${path} is not in the git history`, { details: { path }, hint: "tsift history artifacts" });
      const rows = db.prepare("SELECT tag, source FROM artifact_tags WHERE artifact_id = ? ORDER BY tag").all(id) as ArtifactTag[];
      return { path, tags: [], artifact_tags: rows.slice(0, limit), total: rows.length, truncated: rows.length > limit };
    }
    const total = db.prepare("SELECT count(DISTINCT tag) FROM artifact_tags").pluck().get() as number;
    const tags = db
      .prepare(
        `SELECT t.tag, count(*) AS artifacts, sum(a.alive) AS alive FROM artifact_tags t JOIN artifacts a ON a.id = t.artifact_id
         GROUP BY t.tag ORDER BY artifacts DESC, t.tag LIMIT ?`,
      )
      .all(limit) as HistoryTagCount[];
    return { path: null, tags, artifact_tags: [], total, truncated: total > tags.length };
  } finally {
    read.close();
  }
}
