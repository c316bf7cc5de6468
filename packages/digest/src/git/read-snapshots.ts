import { lstat, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import type { ResolvedDiff } from "./resolve-diff";
import { readResolvedSnapshot, snapshotSize, type SnapshotSide } from "./read-snapshot";
import { runGit } from "./run-git";

export interface SnapshotRequest {
  side: SnapshotSide;
  path: string;
}

export interface SnapshotRead {
  /** Bytes on that side, or null when the file does not exist there (or is not a blob). */
  size: number | null;
  /** The content; null when absent or over `maxBytes` (then `size` says how big). */
  bytes: Buffer | null;
}

/** Objects per `git cat-file --batch` round: bounds the bytes held at once to this many files. */
const BATCH = 64;

/**
 * Many snapshots at once: sizes through one `git cat-file --batch-check` and contents through
 * one `git cat-file --batch` per 64 files, instead of two processes per file. Nothing over
 * `maxBytes` is read. Results are in request order.
 */
export async function readSnapshots(resolved: ResolvedDiff, requests: readonly SnapshotRequest[], maxBytes: number): Promise<SnapshotRead[]> {
  const results: SnapshotRead[] = requests.map(() => ({ size: null, bytes: null }));
  const objects: { index: number; spec: string }[] = [];
  await Promise.all(
    requests.map(async (request, index) => {
      const source = objectSpec(resolved, request);
      if (source === "worktree") results[index] = await readWorktree(join(resolved.cwd, request.path), maxBytes);
      else if (source === null) results[index] = { size: null, bytes: null };
      // The batch protocol is line-based: a path with a newline goes through its own processes.
      else if (source.includes("\n")) results[index] = await readOne(resolved, request, maxBytes);
      else objects.push({ index, spec: source });
    }),
  );
  for (let at = 0; at < objects.length; at += BATCH) {
    const group = objects.slice(at, at + BATCH);
    const sizes = await batchSizes(
      resolved.cwd,
      group.map((object) => object.spec),
    );
    const wanted = group.filter((_, i) => sizes[i] !== null && sizes[i]! <= maxBytes);
    const contents = await batchContents(
      resolved.cwd,
      wanted.map((object) => object.spec),
    );
    group.forEach((object, i) => (results[object.index] = { size: sizes[i] ?? null, bytes: null }));
    wanted.forEach((object, i) => (results[object.index]!.bytes = contents[i] ?? null));
  }
  return results;
}

function objectSpec(resolved: ResolvedDiff, request: SnapshotRequest): string | "worktree" | null {
  const relative = `./${request.path}`;
  if (request.side === "old") {
    if (resolved.oldSide === "index") return `:0:${relative}`;
    return resolved.oldCommit === null ? null : `${resolved.oldCommit}:${relative}`;
  }
  switch (resolved.newSide.kind) {
    case "worktree":
      return "worktree";
    case "index":
      return `:0:${relative}`;
    case "commit":
      return `${resolved.newSide.commit}:${relative}`;
  }
}

async function readWorktree(path: string, maxBytes: number): Promise<SnapshotRead> {
  const stat = await lstat(path).catch(() => null);
  if (stat === null || stat.isDirectory()) return { size: null, bytes: null };
  if (stat.size > maxBytes) return { size: stat.size, bytes: null };
  const bytes = stat.isSymbolicLink() ? Buffer.from(await readlink(path), "utf8") : await readFile(path).catch(() => null);
  return { size: stat.size, bytes };
}

async function readOne(resolved: ResolvedDiff, request: SnapshotRequest, maxBytes: number): Promise<SnapshotRead> {
  const size = await snapshotSize(resolved, request.side, request.path);
  if (size === null || size > maxBytes) return { size, bytes: null };
  return { size, bytes: await readResolvedSnapshot(resolved, request.side, request.path, { maxBytes }) };
}

/** Blob sizes in order; null for a missing object or anything but a blob (a submodule's commit). */
async function batchSizes(cwd: string, specs: readonly string[]): Promise<(number | null)[]> {
  if (specs.length === 0) return [];
  const found = await runGit(cwd, ["cat-file", "--batch-check=%(objecttype) %(objectsize)"], { input: specs.map((spec) => `${spec}\n`).join("") });
  const lines = found.stdout.toString("utf8").split("\n");
  return specs.map((_, i) => {
    const match = /^(\w+) (\d+)$/.exec(lines[i] ?? "");
    return match && match[1] === "blob" ? Number(match[2]) : null;
  });
}

/** Blob contents in order, from `--batch=%(objectsize)` output: a size line, the bytes, a newline. */
async function batchContents(cwd: string, specs: readonly string[]): Promise<(Buffer | null)[]> {
  if (specs.length === 0) return [];
  const out = (await runGit(cwd, ["cat-file", "--batch=%(objectsize)"], { input: specs.map((spec) => `${spec}\n`).join("") })).stdout;
  const contents: (Buffer | null)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length && at < out.length; i++) {
    const newline = out.indexOf(10, at);
    if (newline === -1) break;
    const header = out.subarray(at, newline).toString("utf8");
    at = newline + 1;
    if (!/^\d+$/.test(header)) {
      contents.push(null);
      continue;
    }
    const size = Number(header);
    contents.push(out.subarray(at, at + size));
    at += size + 1;
  }
  return contents;
}
