import { statSync } from "node:fs";
import { join } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import type { SqliteConnection } from "@tsift/sqlite";
import { defaultConfig } from "../../walk/config/default-config";
import { indexFreshness } from "../index-freshness";
import type { IndexLocation } from "../../walk/index-location";
import { CONFIG_RELATIVE_PATH, loadConfig } from "../../walk/config/load-config";
import { openIndexIfBuilt } from "../first-use-index";
import { sharedConnection, type WarmBorrow, type WarmSource } from "./warm-registry";

/** One update of a warm index, as `tsift watch` prints it. */
export interface WarmUpdate {
  /** The index's scope, or null for the project's own. */
  scope: string | null;
  /** Files the update re-indexed (new, modified, deleted). */
  files: number;
  ms: number;
  /** Set when another writer held the lock: nothing was written, the last snapshot is served. */
  blocked?: string;
  /** Set when the update failed: reads go the cold way, which reports it. */
  error?: string;
}

export interface WarmLocationOptions {
  debounceMs: number;
  /** How long to wait before trying again while another writer holds the lock. */
  retryMs: number;
  onUpdate?: ((update: WarmUpdate) => void) | undefined;
  /**
   * Never update the index (`tsift mcp` writes nothing): a change only makes the open
   * connection answer again once a freshness check finds the index caught up (refreshed by
   * `tsift watch`, a hook or a terminal); until then reads take the cold path.
   */
  readOnly?: boolean | undefined;
}

const fileId = (path: string) => {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}` : null;
};

/**
 * One index kept open and up to date: changes reported by the watcher are applied by a
 * debounced incremental `updateIndex` (which takes the writer lock), and a read borrows the
 * open connection once no change is pending. Nothing here builds a missing index: the
 * first-use policy of the cold path decides that.
 */
export class WarmLocation implements WarmSource {
  private connection: SqliteConnection | null = null;
  private connectionFile: string | null = null;
  private pending = false;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private blocked: string | null = null;
  /** The last update failed; the next successful one clears it. */
  private failed = false;
  /** The watcher broke: changes may go unseen, so this index never answers again. */
  private unwatched = false;
  private closed = false;
  /** Read-only: a change was seen that the index may not hold yet. */
  private behind = false;
  /** Read-only: changes seen so far, so a check that raced a new change does not clear `behind`. */
  private seen = 0;

  constructor(
    readonly location: IndexLocation,
    private readonly options: WarmLocationOptions,
  ) {}

  /** The watcher saw a change under this index's directory. */
  changed(): void {
    if (this.closed) return;
    this.pending = true;
    this.schedule(this.options.debounceMs);
  }

  /** The watcher can no longer be trusted: reads go the cold way from now on. */
  fail(): void {
    this.unwatched = true;
  }

  /** Whether the last update found another writer holding the lock (the last snapshot is served). */
  get lockHeld(): boolean {
    return this.blocked !== null;
  }

  /** Whether a change is waiting for, or in, an update. */
  get busy(): boolean {
    return this.pending || this.running !== null;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Runs the pending update now (or joins the one running) and resolves when none is pending. */
  async flush(): Promise<void> {
    while (!this.closed && (this.pending || this.running)) {
      if (this.running) {
        await this.running;
        continue;
      }
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.pending = false;
      this.running = this.update().finally(() => {
        this.running = null;
      });
    }
  }

  private async update(): Promise<void> {
    const started = performance.now();
    const report = (fields: Partial<WarmUpdate>) =>
      this.options.onUpdate?.({ scope: this.location.scope, files: 0, ms: Math.round(performance.now() - started), ...fields });
    if (!this.open()) return;
    if (this.options.readOnly) {
      this.behind = true;
      this.seen++;
      report({});
      return;
    }
    try {
      const config = await configOf(this.location.projectRoot);
      const { updateIndex } = await import("../update/update-index");
      const summary = await updateIndex(this.location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
      this.blocked = null;
      this.failed = false;
      report({ files: summary.new + summary.modified + summary.deleted });
    } catch (error) {
      if (isTsiftError(error, "lock_held")) {
        this.blocked = `note: another tsift writer holds ${this.location.lockPath}; served the last indexed snapshot without the latest changes. Re-run after it finishes for fresh results.`;
        report({ blocked: this.blocked });
        // Tried again later; reads meanwhile are served from the last snapshot.
        if (!this.closed) setTimeout(() => this.changed(), this.options.retryMs).unref();
        return;
      }
      // The cold path meets the same failure and reports it per read.
      this.failed = true;
      report({ error: (error as Error).message });
    }
  }

  /**
   * The open connection to the live index.db, reopened when the file was replaced; null
   * when there is no built index (or only a snapshot copy could be read).
   */
  private open(): SqliteConnection | null {
    const id = fileId(this.location.dbPath);
    if (this.connection && id === this.connectionFile) return this.connection;
    this.release();
    if (id === null) return null;
    const connection = openIndexIfBuilt(this.location);
    if (!connection) return null;
    if (connection.recovery) {
      void connection.close();
      return null;
    }
    this.connection = connection;
    this.connectionFile = id;
    return connection;
  }

  private release(): void {
    void this.connection?.close();
    this.connection = null;
    this.connectionFile = null;
  }

  async borrow(): Promise<WarmBorrow | null> {
    if (this.closed) return null;
    await this.flush();
    if (this.failed || this.unwatched) return null;
    const connection = this.open();
    if (!connection) return null;
    if (this.behind) {
      const seen = this.seen;
      // The stat walk the cold path would make: once someone else caught the index up, the open connection answers again.
      const config = await configOf(this.location.projectRoot);
      const freshness = await indexFreshness(this.location, { connection, exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
      if (freshness.state !== "fresh" || this.pending || seen !== this.seen) return null;
      this.behind = false;
    }
    return { connection: sharedConnection(connection), notes: this.blocked ? [this.blocked] : [] };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // An update holds the writer lock: let it finish (and release it) before returning.
    await this.running;
    this.release();
  }
}

async function configOf(root: string) {
  return statSync(join(root, CONFIG_RELATIVE_PATH), { throwIfNoEntry: false }) ? loadConfig(root) : defaultConfig();
}
