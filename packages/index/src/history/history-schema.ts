/**
 * `.tsift/history.db`: a read model of the git history, rebuilt from git whenever it is
 * missing, damaged or from another schema. Paths are relative to the git work tree root.
 */
export const HISTORY_SCHEMA_VERSION = 1;

export const HISTORY_DDL: readonly string[] = [
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
  // seq is the replay order: parents always before children (git's --topo-order, reversed).
  `CREATE TABLE commits (
    id INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    parents TEXT NOT NULL,
    author_name TEXT NOT NULL,
    author_email TEXT NOT NULL,
    author_time INTEGER NOT NULL,
    commit_time INTEGER NOT NULL,
    type TEXT,
    scope TEXT,
    breaking INTEGER NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    tags TEXT NOT NULL,
    file_count INTEGER NOT NULL
  )`,
  "CREATE TABLE artifacts (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, alive INTEGER NOT NULL DEFAULT 0)",
  `CREATE TABLE commit_files (
    commit_id INTEGER NOT NULL REFERENCES commits(id),
    artifact_id INTEGER NOT NULL REFERENCES artifacts(id),
    status TEXT NOT NULL,
    old_artifact_id INTEGER REFERENCES artifacts(id),
    similarity INTEGER,
    PRIMARY KEY (commit_id, artifact_id)
  ) WITHOUT ROWID`,
  "CREATE INDEX commit_files_by_artifact ON commit_files (artifact_id, commit_id)",
  "CREATE INDEX commit_files_by_old_artifact ON commit_files (old_artifact_id, commit_id) WHERE old_artifact_id IS NOT NULL",
  // source: 'folder' (derived from the path) or 'explicit' (a `tags:` line); replay needs to know which to drop on a move.
  "CREATE TABLE artifact_tags (artifact_id INTEGER NOT NULL REFERENCES artifacts(id), tag TEXT NOT NULL, source TEXT NOT NULL, PRIMARY KEY (artifact_id, tag)) WITHOUT ROWID",
  "CREATE INDEX artifact_tags_by_tag ON artifact_tags (tag, artifact_id)",
  "CREATE TABLE tag_operations (commit_id INTEGER NOT NULL REFERENCES commits(id), tag TEXT NOT NULL, op TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (commit_id, position)) WITHOUT ROWID",
  "CREATE VIRTUAL TABLE commits_fts USING fts5(subject, body, tags, content='commits', content_rowid='id')",
];

/** The tables a file of this schema must hold; anything else is rebuilt, not patched. */
export const HISTORY_TABLES: readonly string[] = ["meta", "commits", "artifacts", "commit_files", "artifact_tags", "tag_operations", "commits_fts"];
