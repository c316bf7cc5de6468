import { existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError } from "@tsift/core/light";
import { firstLine, runGit } from "../walk/git-command";
import { COMMIT_COLUMNS, artifactId, historyLimit, toHistoryCommit, workTreePath, type CommitRow, type HistoryCommit } from "./history-rows";
import { openHistoryForRead, type HistoryReadOptions } from "./open-history-read";

export interface ReadProvenanceOptions extends HistoryReadOptions {
  /** A file (relative to the root, or absolute) or a symbol (name, `Class.method`, `file:line`, `gsym-*` handle). */
  target: string;
  /** Commits listed at most (0 = up to 10000); default 20. */
  limit?: number;
  /** Directory suggested commands are spelled for; default the root. */
  cwd?: string | undefined;
}

export interface ProvenanceCommit extends HistoryCommit {
  /** The file as that commit named it (an older name before a rename). */
  path: string;
  /** A, M, D, R, … for a file; null for a symbol's line range. */
  status: string | null;
}

/** `tsift history provenance <path|symbol> --json`. */
export interface ProvenanceResult {
  kind: "path" | "symbol";
  target: string;
  /** The file, relative to the git work tree. */
  path: string;
  /** A symbol's definition lines (in the indexed tree), else null. */
  lines: { start: number; end: number } | null;
  /** The file's earlier names, newest first (renames followed back). */
  renamed_from: string[];
  commits: ProvenanceCommit[];
  total: number;
  truncated: boolean;
  /** One line each: uncommitted changes, a file git does not know yet. */
  notes: string[];
}

/** Every name `id` had before, newest first, following renames back (bounded). */
function renameChain(db: Database.Database, id: number): number[] {
  const before = db
    .prepare("SELECT old_artifact_id FROM commit_files WHERE artifact_id = ? AND status = 'R' AND old_artifact_id IS NOT NULL ORDER BY commit_id DESC")
    .pluck();
  const chain = [id];
  for (let index = 0; index < chain.length && chain.length < 1000; index++) {
    for (const old of before.all(chain[index]!) as number[]) if (!chain.includes(old)) chain.push(old);
  }
  return chain;
}

function pathProvenance(db: Database.Database, path: string, limit: number): Omit<ProvenanceResult, "kind" | "target" | "notes"> {
  const id = artifactId(db, path);
  if (id === null) throw new TsiftError("not_found", `${path} is not in the git history`, { details: { path }, hint: "tsift history artifacts" });
  const chain = renameChain(db, id);
  const ids = `(${chain.join(",")})`;
  const total = db.prepare(`SELECT count(DISTINCT commit_id) FROM commit_files WHERE artifact_id IN ${ids}`).pluck().get() as number;
  const rows = db
    .prepare(
      `SELECT ${COMMIT_COLUMNS}, a.path AS path, f.status AS status FROM commit_files f JOIN commits c ON c.id = f.commit_id JOIN artifacts a ON a.id = f.artifact_id
       WHERE f.artifact_id IN ${ids} ORDER BY c.id DESC, a.path LIMIT ?`,
    )
    .all(limit) as (CommitRow & { path: string; status: string })[];
  const names = db.prepare("SELECT path FROM artifacts WHERE id = ?").pluck();
  return {
    path,
    lines: null,
    renamed_from: chain.slice(1).map((old) => names.get(old) as string),
    commits: rows.map((row) => ({ ...toHistoryCommit(row), path: row.path, status: row.status })),
    total,
    truncated: total > rows.length,
  };
}

/**
 * The commits that changed a symbol's lines, newest first: `git log -L` follows the range
 * back through edits and renames (bounded by `-n limit`); the rows come from history.db.
 */
function symbolProvenance(
  db: Database.Database,
  workTree: string,
  path: string,
  start: number,
  end: number,
  limit: number,
  notes: string[],
): Omit<ProvenanceResult, "kind" | "target" | "notes"> {
  const base = { path, lines: { start, end }, renamed_from: [] as string[] };
  const dirty = runGit(workTree, ["diff", "--quiet", "HEAD", "--", path]);
  if (dirty.status === 1) notes.push(`${path} has uncommitted changes: lines ${start}-${end} are read in HEAD's version`);
  const log = runGit(workTree, ["log", `-L${start},${end}:${path}`, "--no-patch", "--format=%H", `--max-count=${limit + 1}`, "HEAD"]);
  if (log.status !== 0) {
    notes.push(`git cannot follow ${path}:${start}-${end} (${firstLine(log.stderr)}); it may not be committed yet`);
    return { ...base, commits: [], total: 0, truncated: false };
  }
  const hashes = log.stdout
    .split("\n")
    .map((line) => line.split(" ")[0] ?? "")
    .filter((hash) => /^[0-9a-f]{40,64}$/.test(hash));
  const byHash = db.prepare(`SELECT ${COMMIT_COLUMNS} FROM commits c WHERE c.hash = ?`);
  const commits: ProvenanceCommit[] = [];
  for (const hash of hashes.slice(0, limit)) {
    const row = byHash.get(hash) as CommitRow | undefined;
    if (row) commits.push({ ...toHistoryCommit(row), path, status: null });
  }
  return { ...base, commits, total: hashes.length, truncated: hashes.length > limit };
}

/**
 * `tsift history provenance <path|symbol>`: the commits that shaped a file (renames
 * followed back) or a symbol's definition lines (from index.db), newest first. An
 * argument that is a file on disk or in the history is a path; anything else a symbol.
 */
export async function readProvenance(options: ReadProvenanceOptions): Promise<ProvenanceResult> {
  const limit = historyLimit("limit", options.limit, 20);
  const read = await openHistoryForRead(options);
  const notes: string[] = [];
  try {
    const db = read.connection.database;
    const workTree = read.repo.workTree;
    const absolute = resolve(options.cwd ?? options.root, options.target);
    const asPath = (() => {
      try {
        return workTreePath(workTree, options.root, absolute);
      } catch {
        return null;
      }
    })();
    if (asPath !== null && asPath !== "" && (existsSync(absolute) || artifactId(db, asPath) !== null)) {
      return { kind: "path", target: options.target, ...pathProvenance(db, asPath, limit), notes };
    }
    // A path (a separator and no `file:line` / `file:name` colon) is never a symbol name:
    // say what is wrong with it instead of that no symbol matches it.
    if (/[\\/]/.test(options.target) && !options.target.includes(":")) {
      const reason =
        asPath === null
          ? `${options.target} is outside the repository at ${workTree}: history provenance reads the history of one of its files`
          : asPath === ""
            ? `${options.target} is the repository itself: history provenance reads the history of one of its files`
            : `${asPath} has no history: it is neither in the working tree nor in the repository's git history`;
      // The paths the history knows are the next thing to look at.
      throw new TsiftError("not_found", reason, { details: { target: options.target, work_tree: workTree }, hint: "tsift history artifacts" });
    }
    // Only a symbol needs index.db: the code index modules load only then.
    const [{ openReadIndex }, { chooseSymbol, rerunWith }] = await Promise.all([
      import("../store/open-read-index"),
      import("../projection/graph-queries/symbol-choice"),
    ]);
    const index = await openReadIndex({ cwd: options.cwd ?? options.root, path: options.root });
    try {
      const symbol = await chooseSymbol(index.db, options.target, index.place, rerunWith("history provenance"), index.location);
      const file = relative(workTree, join(index.location.sourceRoot, symbol.file)).split(sep).join("/");
      notes.push(...index.notes);
      return { kind: "symbol", target: options.target, ...symbolProvenance(db, workTree, file, symbol.line, symbol.end_line, limit, notes), notes };
    } finally {
      await index.close();
    }
  } finally {
    read.close();
  }
}
