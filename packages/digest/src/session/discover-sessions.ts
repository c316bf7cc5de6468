import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export type SessionClient = "claude" | "codex";

export interface SessionCandidate {
  client: SessionClient;
  path: string;
  mtime_ms: number;
  /** The working directory the transcript records, when its head says. */
  cwd: string | null;
}

/** Most rollout files a Codex scan lists, so a years-deep sessions tree stays bounded. */
const MAX_CODEX_FILES = 5000;
const HEAD_BYTES = 64 * 1024;

/** Claude Code's project directory name for a working directory: every character other than a letter or digit becomes `-`. */
export function claudeProjectSlug(dir: string): string {
  return dir.replace(/[^A-Za-z0-9]/g, "-");
}

export const isInside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && rel !== "..");
};

async function listJsonl(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(".jsonl")).map((name) => join(dir, name));
}

/** The first line of a file, read from at most its first 64 KiB. */
async function headLine(path: string): Promise<string> {
  const stream = createReadStream(path, { start: 0, end: HEAD_BYTES - 1, encoding: "utf8" });
  let text = "";
  for await (const chunk of stream) {
    text += chunk as string;
    const newline = text.indexOf("\n");
    if (newline !== -1) {
      stream.destroy();
      return text.slice(0, newline);
    }
  }
  return text;
}

/** The first `cwd` a Claude transcript records, from the records in its first 64 KiB. */
async function claudeCwd(path: string): Promise<string | null> {
  const stream = createReadStream(path, { start: 0, end: HEAD_BYTES - 1, encoding: "utf8" });
  let text = "";
  for await (const chunk of stream) text += chunk as string;
  for (const line of text.split("\n")) {
    try {
      const record = JSON.parse(line) as { cwd?: unknown };
      if (typeof record.cwd === "string") return record.cwd;
    } catch {
      // a cut-off record at the 64 KiB edge, or a malformed one
    }
  }
  return null;
}

async function codexCwd(path: string): Promise<string | null> {
  try {
    const record = JSON.parse(await headLine(path)) as { type?: unknown; payload?: { cwd?: unknown } };
    return record.type === "session_meta" && typeof record.payload?.cwd === "string" ? record.payload.cwd : null;
  } catch {
    return null;
  }
}

async function walkRollouts(dir: string, found: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Newest first: YYYY/MM/DD directories and rollout-<timestamp> names sort by time.
  entries.sort((a, b) => b.name.localeCompare(a.name));
  for (const entry of entries) {
    if (found.length >= MAX_CODEX_FILES) return;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walkRollouts(path, found);
    else if (entry.isFile() && entry.name.startsWith("rollout-") && entry.name.endsWith(".jsonl")) found.push(path);
  }
}

const withMtime = async (client: SessionClient, path: string, cwd: string | null): Promise<SessionCandidate | null> => {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? { client, path, mtime_ms: info.mtimeMs, cwd } : null;
};

/** Every `*.jsonl` under a directory, at most MAX_CODEX_FILES of them, newest-named first. */
async function walkJsonl(dir: string, found: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => b.name.localeCompare(a.name));
  for (const entry of entries) {
    if (found.length >= MAX_CODEX_FILES) return;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walkJsonl(path, found);
    else if (entry.isFile() && entry.name.endsWith(".jsonl")) found.push(path);
  }
}

/**
 * The transcripts of a directory a caller points at: a Claude Code home (it holds
 * `projects/`) and a Codex home (it holds `sessions/`) are read as the default locations
 * are; any other directory is searched for `*.jsonl` transcripts, each told Claude or Codex
 * by its first record and kept, as a Codex rollout is, when the working directory it
 * records is `dir`, under it, or the repository directory that holds it.
 */
export async function discoverSessionsIn(options: { root: string; dir: string; transcriptDir: string }): Promise<SessionCandidate[]> {
  const { root, dir, transcriptDir } = options;
  const isDir = async (path: string) => (await stat(path).catch(() => null))?.isDirectory() === true;
  const claudeHome = await isDir(join(transcriptDir, "projects"));
  const codexHome = await isDir(join(transcriptDir, "sessions"));
  if (claudeHome || codexHome) return discoverSessions({ root, dir, claudeDir: claudeHome ? transcriptDir : null, codexDir: codexHome ? transcriptDir : null });
  const paths: string[] = [];
  await walkJsonl(transcriptDir, paths);
  const candidates: (SessionCandidate | null)[] = [];
  for (const path of paths) {
    const codex = await codexCwd(path);
    const client: SessionClient = codex !== null ? "codex" : "claude";
    const cwd = codex ?? (await claudeCwd(path).catch(() => null));
    if (cwd !== null && isInside(cwd, root) && (isInside(cwd, dir) || isInside(dir, cwd))) candidates.push(await withMtime(client, path, cwd));
  }
  return newestFirst(candidates);
}

const newestFirst = (candidates: readonly (SessionCandidate | null)[]): SessionCandidate[] =>
  candidates.filter((candidate): candidate is SessionCandidate => candidate !== null).sort((a, b) => b.mtime_ms - a.mtime_ms || a.path.localeCompare(b.path));

/**
 * Transcripts related to a directory, newest first: Claude sessions in the project
 * directories named for `dir` and for the repository root, and Codex rollouts whose
 * `session_meta.cwd` lies under `dir` (or is the root that holds it). A null home is not read.
 */
export async function discoverSessions(options: { root: string; dir: string; claudeDir: string | null; codexDir: string | null }): Promise<SessionCandidate[]> {
  const { root, dir } = options;
  const candidates: (SessionCandidate | null)[] = [];
  if (options.claudeDir !== null) await claudeSessions(root, dir, options.claudeDir, candidates);
  if (options.codexDir !== null) await codexSessions(root, dir, options.codexDir, candidates);
  return newestFirst(candidates);
}

async function claudeSessions(root: string, dir: string, claudeDir: string, candidates: (SessionCandidate | null)[]): Promise<void> {
  const projects = [...new Set([dir, root].map(claudeProjectSlug))];
  for (const slug of projects) for (const path of await listJsonl(join(claudeDir, "projects", slug))) candidates.push(await withMtime("claude", path, null));
  // Sessions started in a subdirectory live under that directory's slug. The slug is lossy
  // (`a-b` and `a/b` look alike), so a prefix match counts only when the recorded cwd agrees.
  const prefix = `${claudeProjectSlug(dir)}-`;
  const entries = await readdir(join(claudeDir, "projects")).catch(() => [] as string[]);
  for (const slug of entries.filter((name) => name.startsWith(prefix) && !projects.includes(name)).sort())
    for (const path of await listJsonl(join(claudeDir, "projects", slug))) {
      const cwd = await claudeCwd(path).catch(() => null);
      if (cwd !== null && isInside(cwd, dir)) candidates.push(await withMtime("claude", path, cwd));
    }
}

async function codexSessions(root: string, dir: string, codexDir: string, candidates: (SessionCandidate | null)[]): Promise<void> {
  const rollouts: string[] = [];
  await walkRollouts(join(codexDir, "sessions"), rollouts);
  for (const path of rollouts) {
    const cwd = await codexCwd(path);
    if (cwd !== null && isInside(cwd, root) && (isInside(cwd, dir) || isInside(dir, cwd))) candidates.push(await withMtime("codex", path, cwd));
  }
}
