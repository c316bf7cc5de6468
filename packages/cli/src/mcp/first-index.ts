import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** A first index `tsift mcp` started for a project that had none. */
export interface FirstIndex {
  /** Null while it runs; its exit code once it ended. */
  readonly exitCode: number | null;
  /** The last line it wrote to stderr (its error, when it failed). */
  readonly lastError: string;
}

/** Whether `root` has any index yet: its own `.tsift/index.db` or a workspace scope's. */
export function hasIndex(root: string): boolean {
  return existsSync(join(root, ".tsift", "index.db")) || existsSync(join(root, ".tsift", "indexes"));
}

/**
 * Starts `tsift index` in `root` as a child process, so the server answers the handshake
 * and every call at once while the index is built: the writer is the CLI's own, under its
 * lock, and the server itself stays read-only. The child outlives a client that hangs up,
 * so the work is not lost.
 */
export function startFirstIndex(root: string, bin: string): FirstIndex {
  const state = { exitCode: null as number | null, lastError: "" };
  const child = spawn(process.execPath, [bin, "index", "-q"], {
    cwd: root,
    env: { ...process.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    const lines = text.trim().split("\n");
    if (lines.at(-1)) state.lastError = lines.at(-1)!;
  });
  child.on("error", (error) => {
    state.exitCode = -1;
    state.lastError = error.message;
  });
  child.on("exit", (code, signal) => {
    state.exitCode = code ?? (signal ? 128 : -1);
  });
  child.unref();
  return state;
}

/** What a tool answers while the first index runs: how far it is (`describeIndexProgress`, null before it publishes any), and what to do. */
export function firstIndexNote(progress: string | null): string {
  const how = progress ?? "starting (reading the file tree)";
  return `tsift is building this project's first index: ${how}. This tool answers once it is done; ask again shortly (the status tool shows progress).`;
}
