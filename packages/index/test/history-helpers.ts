import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempTree } from "./helpers";

let clock = Date.UTC(2024, 0, 1) / 1000;

/** git in `cwd` with a fixed identity; dates advance one minute per commit so order is stable. */
export function gitIn(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(
    "git",
    ["-c", "user.email=dev@example.com", "-c", "user.name=Dev", "-c", "protocol.file.allow=always", "-c", "init.defaultBranch=main", ...args],
    {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    },
  );
}

export function newRepo(): string {
  const root = tempTree();
  gitIn(root, ["init", "-q"]);
  return root;
}

export interface CommitChange {
  /** path -> content to write, or null to delete. */
  write?: Record<string, string | null>;
  /** [from, to] moves (git mv). */
  move?: Array<[string, string]>;
}

/** Applies the changes, stages exactly those paths and commits `message`; returns the new hash. */
export function commit(root: string, message: string, change: CommitChange = {}): string {
  const paths: string[] = [];
  for (const [from, to] of change.move ?? []) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    gitIn(root, ["mv", from, to]);
  }
  for (const [path, content] of Object.entries(change.write ?? {})) {
    if (content === null) {
      rmSync(join(root, path));
    } else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    paths.push(path);
  }
  if (paths.length) gitIn(root, ["add", "-A", "--", ...paths]);
  clock += 60;
  const date = `${clock} +0000`;
  gitIn(root, ["commit", "-q", "--allow-empty", "-m", message], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  return gitIn(root, ["rev-parse", "HEAD"]).trim();
}

/** A deterministic pseudo-random sequence (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The oracle: co-change counted straight from `git log --name-only` (merges list no files),
 * commits over `maxFiles` files skipped, independent of history.db.
 */
export function oracleCoChange(root: string, path: string, maxFiles: number): { commits: number; pairs: Map<string, { count: number; theirs: number }> } {
  const out = gitIn(root, ["log", "--name-only", "-z", "--format=%x01%H"]);
  const commits = out
    .split("\x01")
    .slice(1)
    .map((record) =>
      record
        .split(/[\n\0]/)
        .slice(1)
        .filter(Boolean),
    )
    .filter((files) => files.length <= maxFiles);
  const touches = new Map<string, number>();
  for (const files of commits) for (const file of new Set(files)) touches.set(file, (touches.get(file) ?? 0) + 1);
  const pairs = new Map<string, { count: number; theirs: number }>();
  let mine = 0;
  for (const files of commits) {
    const set = new Set(files);
    if (!set.has(path)) continue;
    mine++;
    for (const other of set) {
      if (other === path) continue;
      const entry = pairs.get(other) ?? { count: 0, theirs: touches.get(other) ?? 0 };
      entry.count++;
      pairs.set(other, entry);
    }
  }
  return { commits: mine, pairs };
}
