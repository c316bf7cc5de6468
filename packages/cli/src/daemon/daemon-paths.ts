import { homedir } from "node:os";
import { join } from "node:path";

/** Where this user's daemon lives: its socket and pid file, in a directory only the user can enter (0700). */
export interface DaemonPaths {
  dir: string;
  socket: string;
  pid: string;
}

/**
 * `$XDG_RUNTIME_DIR/tsift` (per user, on a tmpfs, cleared at logout), else the user's
 * cache directory. Unix socket paths are limited to ~100 bytes, so the names stay short.
 */
export function daemonPaths(env: Readonly<Record<string, string | undefined>>): DaemonPaths {
  const base = env.XDG_RUNTIME_DIR || env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  const dir = join(base, "tsift");
  return { dir, socket: join(dir, "daemon.sock"), pid: join(dir, "daemon.pid") };
}
