import { existsSync } from "node:fs";
import { sep } from "node:path";
import { indexLocation, type IndexLocation } from "../../walk/index-location";
import { resolveProjectRoot } from "../../walk/resolve-project-root";
import { discoverScopes } from "../../walk/workspace-scopes";
import { WarmLocation, type WarmUpdate } from "./warm-location";
import { registerWarmSource, unregisterWarmSource } from "./warm-registry";
import { watchTree } from "./watch-tree";

export type { WarmUpdate } from "./warm-location";

export interface WarmIndexOptions {
  /** Quiet time after the last change before the update runs; default 50 ms. */
  debounceMs?: number;
  /** Wait before trying again while another writer holds the lock; default 250 ms. */
  retryMs?: number;
  /** Called after each update attempt (`tsift watch` prints one line per call). */
  onUpdate?: (update: WarmUpdate) => void;
  /** Called when the watcher fails; from then on reads take the cold path. */
  onError?: (error: Error) => void;
  /** Never update an index (`tsift mcp`): the open connections answer only while nothing changed since they were last found fresh. */
  readOnly?: boolean;
}

/** What a warm index reports about itself. */
export interface WarmIndexStatus {
  root: string;
  /** The indexes kept warm: the project's own (scope null) and each indexed workspace scope's. */
  indexes: { scope: string | null; busy: boolean; lock_held: boolean }[];
  /** Directories the watcher follows. */
  watched_dirs: number;
}

export interface WarmIndex {
  readonly root: string;
  status(): WarmIndexStatus;
  /** Applies every change seen so far; resolves when no update is pending. */
  settle(): Promise<void>;
  /** Stops the watcher, waits for a running update (and its writer lock), closes the connections. */
  stop(): Promise<void>;
}

/**
 * Keeps the project's index, and each indexed workspace scope's, open and follows the file
 * system: every change below an index's directory marks it, a debounced incremental
 * update (under the writer lock) applies the marks, and reads in this process
 * (`openReadIndex`, `symbols`) reuse the open connection without the freshness stat walk
 * while nothing is pending. The initial update brings an index that went stale while
 * nothing watched it up to date.
 */
export function startWarmIndex(path: string, options: WarmIndexOptions = {}): WarmIndex {
  const root = resolveProjectRoot(path).root;
  const settings = { debounceMs: options.debounceMs ?? 50, retryMs: options.retryMs ?? 250, onUpdate: options.onUpdate, readOnly: options.readOnly === true };
  const locations: IndexLocation[] = [indexLocation(root)];
  for (const scope of discoverScopes(root)) {
    const location = indexLocation(root, scope);
    if (existsSync(location.dbPath)) locations.push(location);
  }
  const warm = locations.map((location) => new WarmLocation(location, settings));
  for (const entry of warm) registerWarmSource(entry.location.dbPath, entry);
  const inside = (dir: string, path: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  const watcher = watchTree(root, {
    onChange(changed) {
      for (const entry of warm) if (inside(entry.location.sourceRoot, changed)) entry.changed();
    },
    onError(error) {
      for (const entry of warm) entry.fail();
      options.onError?.(error);
    },
  });
  for (const entry of warm) entry.changed();
  let stopped: Promise<void> | null = null;
  return {
    root,
    status: () => ({
      root,
      indexes: warm.map((entry) => ({ scope: entry.location.scope, busy: entry.busy, lock_held: entry.lockHeld })),
      watched_dirs: watcher.watched(),
    }),
    settle: async () => {
      await Promise.all(warm.map((entry) => entry.flush()));
    },
    stop() {
      stopped ??= (async () => {
        watcher.close();
        for (const entry of warm) unregisterWarmSource(entry.location.dbPath, entry);
        await Promise.all(warm.map((entry) => entry.close()));
      })();
      return stopped;
    },
  };
}
