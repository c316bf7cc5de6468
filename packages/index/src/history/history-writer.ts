import type Database from "better-sqlite3";
import { parseCommitMessage, folderTags, type TagOperation } from "./commit-message";
import type { GitCommitRecord } from "./git-log-stream";

/** How folder-derived tags are made; a change rebuilds the history (every artifact's tags depend on it). */
export interface FolderTagRules {
  stripPrefixes: readonly string[];
  stopTags: readonly string[];
}

/**
 * Writes commits into history.db in replay order. Tag state per artifact is replayed as
 * it goes: an artifact seen for the first time gets its folder-derived tags, a rename or
 * copy carries the explicit tags to the new path (and the new folder's tags), then the
 * commit's `tags:` operations apply to every file it touched but deleted. The caller owns
 * the transaction.
 */
export class HistoryWriter {
  private readonly artifacts = new Map<string, number>();
  private readonly known: (hash: string) => boolean;
  private readonly insertCommit: Database.Statement;
  private readonly insertFts: Database.Statement;
  private readonly insertArtifact: Database.Statement;
  private readonly insertFile: Database.Statement;
  private readonly addTag: Database.Statement;
  private readonly removeTag: Database.Statement;
  private readonly copyExplicitTags: Database.Statement;
  private readonly insertOp: Database.Statement;
  commitsAdded = 0;
  fileChangesAdded = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly rules: FolderTagRules,
  ) {
    for (const row of db.prepare("SELECT id, path FROM artifacts").all() as { id: number; path: string }[]) this.artifacts.set(row.path, row.id);
    const hasCommit = db.prepare("SELECT 1 FROM commits WHERE hash = ?").pluck();
    this.known = (hash) => hasCommit.get(hash) !== undefined;
    this.insertCommit = db.prepare(
      `INSERT INTO commits (hash, parents, author_name, author_email, author_time, commit_time, type, scope, breaking, subject, body, tags, file_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertFts = db.prepare("INSERT INTO commits_fts (rowid, subject, body, tags) VALUES (?, ?, ?, ?)");
    this.insertArtifact = db.prepare("INSERT INTO artifacts (path, alive) VALUES (?, 0)");
    this.insertFile = db.prepare("INSERT OR REPLACE INTO commit_files (commit_id, artifact_id, status, old_artifact_id, similarity) VALUES (?, ?, ?, ?, ?)");
    this.addTag = db.prepare(
      "INSERT INTO artifact_tags (artifact_id, tag, source) VALUES (?, ?, ?) ON CONFLICT (artifact_id, tag) DO UPDATE SET source = CASE WHEN excluded.source = 'explicit' THEN 'explicit' ELSE source END",
    );
    this.removeTag = db.prepare("DELETE FROM artifact_tags WHERE artifact_id = ? AND tag = ?");
    this.copyExplicitTags = db.prepare(
      "INSERT INTO artifact_tags (artifact_id, tag, source) SELECT ?, tag, 'explicit' FROM artifact_tags WHERE artifact_id = ? AND source = 'explicit' ON CONFLICT (artifact_id, tag) DO UPDATE SET source = 'explicit'",
    );
    this.insertOp = db.prepare("INSERT INTO tag_operations (commit_id, tag, op, position) VALUES (?, ?, ?, ?)");
  }

  /** The artifact id of `path`, created (with its folder tags) on first sight. */
  artifact(path: string): number {
    const existing = this.artifacts.get(path);
    if (existing !== undefined) return existing;
    const id = Number(this.insertArtifact.run(path).lastInsertRowid);
    this.artifacts.set(path, id);
    for (const tag of folderTags(path, this.rules.stripPrefixes, this.rules.stopTags)) this.addTag.run(id, tag, "folder");
    return id;
  }

  /** Adds one commit; a hash already stored is skipped (a rerun after an interrupted one). */
  write(record: GitCommitRecord): void {
    if (this.known(record.hash)) return;
    const message = parseCommitMessage(record.message);
    const tagNames = [...new Set(message.tagOps.map((op) => op.tag))].join(" ");
    const commitId = Number(
      this.insertCommit.run(
        record.hash,
        record.parents.join(" "),
        record.authorName,
        record.authorEmail,
        record.authorTime,
        record.commitTime,
        message.type,
        message.scope,
        message.breaking ? 1 : 0,
        message.subject,
        message.body,
        tagNames,
        record.files.length,
      ).lastInsertRowid,
    );
    this.insertFts.run(commitId, message.subject, message.body, tagNames);
    const touched: number[] = [];
    for (const file of record.files) {
      const artifactId = this.artifact(file.path);
      let oldId: number | null = null;
      if (file.oldPath !== null) {
        oldId = this.artifact(file.oldPath);
        this.copyExplicitTags.run(artifactId, oldId);
      }
      this.insertFile.run(commitId, artifactId, file.status, oldId, file.similarity);
      if (file.status !== "D") touched.push(artifactId);
    }
    this.applyOps(commitId, touched, message.tagOps);
    this.commitsAdded++;
    this.fileChangesAdded += record.files.length;
  }

  private applyOps(commitId: number, artifacts: readonly number[], ops: readonly TagOperation[]): void {
    ops.forEach((op, position) => {
      this.insertOp.run(commitId, op.tag, op.op, position);
      for (const artifactId of artifacts) {
        if (op.op === "add") this.addTag.run(artifactId, op.tag, "explicit");
        else this.removeTag.run(artifactId, op.tag);
      }
    });
  }

  /**
   * Marks exactly `alivePaths` (the files at HEAD) alive, creating artifacts for any the
   * log never listed; only rows whose flag changes are written, so a small update of a
   * large tree stays small.
   */
  markAlive(alivePaths: readonly string[]): number {
    const wasAlive = new Set(this.db.prepare("SELECT id FROM artifacts WHERE alive = 1").pluck().all() as number[]);
    const setAlive = this.db.prepare("UPDATE artifacts SET alive = ? WHERE id = ?");
    for (const path of alivePaths) {
      const id = this.artifact(path);
      if (!wasAlive.delete(id)) setAlive.run(1, id);
    }
    for (const id of wasAlive) setAlive.run(0, id);
    return alivePaths.length;
  }

  /** Applies a tree diff between the last indexed HEAD and the new one to `alive`. */
  applyTreeChanges(changes: ReadonlyArray<{ path: string; alive: boolean }>): void {
    const setAlive = this.db.prepare("UPDATE artifacts SET alive = ? WHERE id = ?");
    for (const change of changes) setAlive.run(change.alive ? 1 : 0, this.artifact(change.path));
  }
}
