import { watch, readdirSync, statSync, type FSWatcher } from "node:fs";
import { join, relative, sep } from "node:path";
import { DEFAULT_IGNORED_DIRS } from "../../walk/default-ignored-dirs";

export interface TreeWatcher {
  /** Directories watched right now (1 on platforms with a native recursive watch). */
  readonly watched: () => number;
  close(): void;
}

export interface WatchTreeOptions {
  /** An absolute path that may have changed (a file, or a directory whose entries did). */
  onChange(path: string): void;
  /** A watch could not be set or broke: changes may be missed from here on. */
  onError(error: Error): void;
}

/** Directories whose changes never reach an index: the walk does not enter them either. */
function ignoredDir(name: string): boolean {
  return name.startsWith(".") || DEFAULT_IGNORED_DIRS.has(name);
}

/** Whether a path below `root` lies inside a directory the walk skips. */
export function insideIgnoredDir(root: string, path: string): boolean {
  const parts = relative(root, path).split(sep);
  parts.pop();
  return parts.some(ignoredDir);
}

/**
 * Follows every directory under `root` that the file walk enters. On Linux, Node's
 * `fs.watch(…, { recursive: true })` is emulated in JavaScript with one inotify watch per
 * file and directory of the whole tree, `node_modules` and `.git` included, so this sets
 * one plain `fs.watch` per walked directory instead and adds directories as they appear.
 * macOS and Windows have a native recursive watch, used as is with the same filter.
 */
export function watchTree(root: string, options: WatchTreeOptions): TreeWatcher {
  if (process.platform === "darwin" || process.platform === "win32") {
    const watcher = watch(root, { recursive: true }, (_event, name) => {
      const path = name === null ? root : join(root, name.toString());
      if (!insideIgnoredDir(root, path)) options.onChange(path);
    });
    watcher.on("error", (error) => options.onError(error));
    return { watched: () => 1, close: () => watcher.close() };
  }
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  const add = (dir: string) => {
    if (closed || watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => {
        if (closed) return;
        if (name === null) {
          options.onChange(dir);
          return;
        }
        const path = join(dir, name.toString());
        if (event === "rename") {
          const stats = statSync(path, { throwIfNoEntry: false });
          if (stats?.isDirectory()) {
            if (ignoredDir(name.toString())) return;
            // A directory that appeared (or was moved in) holds files no event named.
            scan(path);
          } else if (!stats && watchers.has(path)) forget(path);
        }
        options.onChange(path);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone before it could be watched: its removal is an event of its parent.
      if (code === "ENOENT" || code === "ENOTDIR") return;
      options.onError(error as Error);
      return;
    }
    watcher.on("error", (error) => {
      forget(dir);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") options.onError(error);
    });
    watchers.set(dir, watcher);
  };
  const forget = (dir: string) => {
    for (const [path, watcher] of watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };
  const scan = (dir: string) => {
    add(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && !ignoredDir(entry.name)) scan(join(dir, entry.name));
  };
  scan(root);
  return {
    watched: () => watchers.size,
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
