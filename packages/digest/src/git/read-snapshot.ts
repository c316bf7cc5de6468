import { lstat, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { DiffTarget } from "./diff-target";
import { resolveDiff, type ResolvedDiff } from "./resolve-diff";
import { runGit } from "./run-git";

/** The per-file limit no setting raises: the same 16 MiB the indexer enforces. */
export const SNAPSHOT_HARD_MAX_BYTES = 16 * 1024 * 1024;

export type SnapshotSide = "old" | "new";

export interface SnapshotOptions {
  /** The per-file limit, never above 16 MiB. Default: the project's `index.max_file_bytes` (`.tsift/config.toml` under the root). */
  readonly maxBytes?: number;
}

/** Where one side of a file lives: a git object, a worktree file, or nowhere. */
type SnapshotSource = { kind: "object"; spec: string } | { kind: "file"; path: string } | null;

/**
 * The bytes of `path` on one side of the diff: `git cat-file` for commits and the index, the
 * file itself for the working tree. Null when the file does not exist on that side (or is a
 * submodule there); a file over the limit throws `unsupported` with its size, unread.
 */
export async function readSnapshot(root: string, target: DiffTarget, side: SnapshotSide, path: string, options: SnapshotOptions = {}): Promise<Buffer | null> {
  const maxBytes = options.maxBytes ?? (await projectMaxFileBytes(root));
  return readResolvedSnapshot(await resolveDiff(root, target), side, path, { maxBytes });
}

/** The project's `index.max_file_bytes`; the config parser is loaded only when a read needs it. */
export async function projectMaxFileBytes(root: string): Promise<number> {
  const { loadConfig } = await import("@tsift/index/indexer");
  return (await loadConfig(root)).index.maxFileBytes;
}

/** The byte size of `path` on one side, or null when it does not exist there; reads nothing. */
export async function snapshotSize(resolved: ResolvedDiff, side: SnapshotSide, path: string): Promise<number | null> {
  const source = sourceOf(resolved, side, path);
  if (source === null) return null;
  if (source.kind === "file") {
    const stat = await lstat(source.path).catch(() => null);
    if (stat === null || stat.isDirectory()) return null;
    return stat.size;
  }
  // Object names as arguments, not batch lines: a path may hold a newline. Exit 128 is "no such object".
  const type = await runGit(resolved.cwd, ["cat-file", "-t", source.spec], { okCodes: [128] });
  if (type.code !== 0 || type.stdout.toString("utf8").trim() !== "blob") return null;
  return Number((await runGit(resolved.cwd, ["cat-file", "-s", source.spec])).stdout.toString("utf8").trim());
}

export async function readResolvedSnapshot(resolved: ResolvedDiff, side: SnapshotSide, path: string, options: SnapshotOptions = {}): Promise<Buffer | null> {
  const limit = Math.min(options.maxBytes ?? SNAPSHOT_HARD_MAX_BYTES, SNAPSHOT_HARD_MAX_BYTES);
  const size = await snapshotSize(resolved, side, path);
  if (size === null) return null;
  if (size > limit) {
    throw new TsiftError("unsupported", `${path} (${side} side) is ${size} bytes, over the per-file limit of ${limit} bytes`, {
      details: { path, side, size, limit },
      hint: "raise index.max_file_bytes in .tsift/config.toml (16 MiB at most), or read the file with `git show`",
    });
  }
  const source = sourceOf(resolved, side, path)!;
  if (source.kind === "file") {
    const stat = await lstat(source.path);
    return stat.isSymbolicLink() ? Buffer.from(await readlink(source.path), "utf8") : readFile(source.path);
  }
  return (await runGit(resolved.cwd, ["cat-file", "blob", source.spec])).stdout;
}

function sourceOf(resolved: ResolvedDiff, side: SnapshotSide, path: string): SnapshotSource {
  // `<rev>:./path` and `:./path` resolve against the directory git runs in, like the listing's paths.
  const relative = `./${path}`;
  if (side === "old") {
    if (resolved.oldSide === "index") return { kind: "object", spec: `:0:${relative}` };
    return resolved.oldCommit === null ? null : { kind: "object", spec: `${resolved.oldCommit}:${relative}` };
  }
  switch (resolved.newSide.kind) {
    case "worktree":
      return { kind: "file", path: join(resolved.cwd, path) };
    case "index":
      return { kind: "object", spec: `:0:${relative}` };
    case "commit":
      return { kind: "object", spec: `${resolved.newSide.commit}:${relative}` };
  }
}
