import { spawn } from "node:child_process";
import { TsiftError } from "@tsift/core/light";
import { GIT_BASE_ARGS, firstLine, gitEnv, gitMissing } from "../walk/git-command";

/** One file a commit touched, as `git log --name-status -M` reports it. */
export interface GitFileChange {
  /** A, M, D, T, R or C (git's letter, without its similarity score). */
  status: string;
  path: string;
  /** The path before a rename or copy. */
  oldPath: string | null;
  /** Rename/copy similarity, 0–100. */
  similarity: number | null;
}

export interface GitCommitRecord {
  hash: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  /** Unix seconds. */
  authorTime: number;
  commitTime: number;
  /** The raw message (`%B`): subject line, blank line, body. */
  message: string;
  /** Empty for merges: git shows no diff for them by default, so nothing counts twice. */
  files: GitFileChange[];
}

const RS = 0x1e;
const US = "\x1f";
/** Hash, parents, author name and email, author and committer time, raw message; the file list follows `-z` style. */
const FORMAT = "%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%at%x1f%ct%x1f%B%x1f";
const HEX = /^[0-9a-f]{40,64}\x1f/;

/** The `git log` arguments for commits in `range` (all of HEAD's history by default), oldest first. */
export function gitLogArgs(range: string): string[] {
  return [
    ...GIT_BASE_ARGS,
    "-c",
    "i18n.logOutputEncoding=UTF-8",
    "log",
    "-z",
    "--topo-order",
    "--reverse",
    "--no-color",
    "--no-ext-diff",
    "--name-status",
    "-M",
    `--format=${FORMAT}`,
    range,
    "--",
  ];
}

/**
 * Streams `git log` over `range` as parsed commits, oldest first (parents before
 * children), holding at most one record and one read chunk in memory at a time.
 */
export async function* streamGitLog(cwd: string, range: string): AsyncGenerator<GitCommitRecord> {
  const child = spawn("git", gitLogArgs(range), { cwd, env: gitEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    if (stderr.length < 4096) stderr += text;
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? gitMissing(error) : error));
    child.on("close", (code) => resolve(code ?? 128));
  });
  // An unhandled rejection if the consumer stops early must not crash the process.
  exited.catch(() => undefined);
  let pending: Buffer = Buffer.alloc(0);
  let scanFrom = 1;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const end = nextRecordStart(pending, scanFrom);
        if (end < 0) {
          scanFrom = Math.max(1, pending.length);
          break;
        }
        yield parseRecord(pending.subarray(1, end).toString("utf8"));
        pending = pending.subarray(end);
        scanFrom = 1;
      }
    }
    if (pending.length > 1) yield parseRecord(pending.subarray(1).toString("utf8"));
    const code = await exited;
    if (code !== 0) {
      throw new TsiftError("io_error", `git log failed: ${firstLine(stderr) || `exit ${code}`}`, { details: { cwd, range, status: code } });
    }
  } finally {
    if (child.exitCode === null && !child.killed) child.kill();
  }
}

/** The offset of the next record separator that starts a real record (a hash follows), or -1. */
function nextRecordStart(buffer: Buffer, from: number): number {
  for (let at = buffer.indexOf(RS, from); at >= 0; at = buffer.indexOf(RS, at + 1)) {
    // A separator too close to the end to check is decided when more bytes arrive.
    if (buffer.length - at < 66) return -1;
    if (HEX.test(buffer.toString("latin1", at + 1, at + 66))) return at;
  }
  return -1;
}

function parseRecord(text: string): GitCommitRecord {
  const fields: string[] = [];
  let at = 0;
  for (let index = 0; index < 6; index++) {
    const next = text.indexOf(US, at);
    if (next < 0) throw new TsiftError("internal", `unexpected git log record: ${text.slice(0, 80)}`);
    fields.push(text.slice(at, next));
    at = next + 1;
  }
  const messageEnd = text.lastIndexOf(`${US}\0`);
  if (messageEnd < at) throw new TsiftError("internal", `unexpected git log record: ${text.slice(0, 80)}`);
  const [hash = "", parents = "", authorName = "", authorEmail = "", authorTime = "0", commitTime = "0"] = fields;
  return {
    hash,
    parents: parents === "" ? [] : parents.split(" "),
    authorName,
    authorEmail,
    authorTime: Number(authorTime),
    commitTime: Number(commitTime),
    message: text.slice(at, messageEnd),
    files: parseNameStatus(text.slice(messageEnd + 2)),
  };
}

/** `-z --name-status`: `STATUS\0path\0`, with a second path after renames and copies. */
function parseNameStatus(text: string): GitFileChange[] {
  const parts = text.replace(/^\n/, "").split("\0");
  const files: GitFileChange[] = [];
  for (let index = 0; index < parts.length;) {
    const token = parts[index++]!;
    if (token === "") continue;
    const letter = token[0]!;
    if (letter === "R" || letter === "C") {
      const oldPath = parts[index++] ?? "";
      const path = parts[index++] ?? "";
      const score = Number(token.slice(1));
      files.push({ status: letter, path, oldPath, similarity: Number.isFinite(score) && token.length > 1 ? score : null });
    } else {
      files.push({ status: letter, path: parts[index++] ?? "", oldPath: null, similarity: null });
    }
  }
  return files;
}
