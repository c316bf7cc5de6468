import { constants, lstatSync, openSync, readlinkSync, unlinkSync, type Stats } from "node:fs";
import { TsiftError } from "@tsift/core/light";
import { claimDaemonDir, lstatSocketPath, type DaemonPaths } from "./daemon-paths";

/**
 * The daemon's directory, created 0700 when missing: the first of the candidates
 * (`daemonDirCandidates`) that is a real directory of this user's with no group or other
 * permission bits. None is `invalid_input`, naming each candidate and why it was refused.
 */
export function claimDaemonPaths(env: Readonly<Record<string, string | undefined>>): DaemonPaths {
  const claimed = claimDaemonDir(env);
  if (claimed.paths) return claimed.paths;
  throw new TsiftError("invalid_input", `no private directory for the daemon: ${claimed.refusals.join("; ")}`, {
    details: { refused: claimed.refusals },
    hint: "point XDG_RUNTIME_DIR at a directory of your own (mode 0700), or run without the daemon",
  });
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function refuseLink(path: string, cause?: unknown): never {
  let target = "somewhere else";
  try {
    target = readlinkSync(path);
  } catch {
    // Gone since: the message still names the file.
  }
  throw new TsiftError("invalid_input", `refusing to write ${path}: it is a symbolic link to ${target}, and the daemon never writes through links`, {
    cause,
    details: { path, target },
    hint: `remove ${path}`,
  });
}

/** Refuses `path` when it is a symbolic link (checked before a child process opens it). */
export function refuseDaemonFileLink(path: string): void {
  if (lstatOrNull(path)?.isSymbolicLink()) refuseLink(path);
}

/**
 * Opens one of the daemon's files for writing (created 0600) without following a link in its
 * place: a link is `invalid_input` naming where it points.
 */
export function openDaemonFile(path: string, flags: "append" | "write"): number {
  const mode = flags === "append" ? constants.O_APPEND : 0;
  try {
    return openSync(path, constants.O_WRONLY | constants.O_CREAT | mode | NO_FOLLOW, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || lstatOrNull(path)?.isSymbolicLink()) refuseLink(path, error);
    throw new TsiftError("io_error", `cannot open ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
}

/**
 * Removes a socket file a daemon that died left behind. Only a socket of this user's is
 * removed; anything else in its place is `invalid_input`.
 */
export function removeStaleSocket(path: string): void {
  const stats = lstatSocketPath(path);
  if (stats === null) return;
  const uid = process.getuid?.();
  if (!stats.isSocket() || (uid !== undefined && stats.uid !== uid)) {
    const what = stats.isSymbolicLink() ? "a symbolic link" : stats.isSocket() ? `a socket of uid ${stats.uid}` : "not a socket";
    throw new TsiftError("invalid_input", `refusing to replace ${path}: it is ${what}, not a socket of yours`, { details: { path }, hint: `remove ${path}` });
  }
  unlinkSync(path);
}
