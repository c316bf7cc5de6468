import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project, spawnBuilt } from "./index-helpers";

const FILES = 600;
const BATCH = 20;
const env = { ...process.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0", TSIFT_INDEX_BATCH_FILES: String(BATCH) };

/** Files committed so far into the first index's file beside index.db (0 while it does not exist yet). */
function committedAside(root: string): number {
  const path = join(root, ".tsift", "index.db.building");
  if (!existsSync(path)) return 0;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return db.prepare("SELECT count(*) FROM files").pluck().get() as number;
  } catch {
    // Created but no schema committed yet.
    return 0;
  } finally {
    db?.close();
  }
}

describe("a first index killed between batches", () => {
  it("leaves readers the index as it was, and the next `tsift index` completes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < FILES; i++)
      files[`pkg${i % 10}/m${i}.py`] = `def f${i}():\n    return f${(i + 1) % FILES}()\n\n\nclass C${i}:\n    def run(self):\n        return f${i}()\n`;
    const root = project(files);

    const child = spawn(process.execPath, [builtBin, "index", "--json"], { cwd: root, env, stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let finished = false;
    void exited.then(() => (finished = true));
    // Killed once two batches are committed aside, while files remain to parse.
    while (!finished && committedAside(root) < 2 * BATCH) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(finished).toBe(false);
    child.kill("SIGKILL");
    await exited;
    expect(committedAside(root)).toBeGreaterThanOrEqual(2 * BATCH);
    expect(committedAside(root)).toBeLessThan(FILES);

    // Readers look at index.db, which holds nothing of the killed run: no index yet, not half of one.
    const status = spawnBuilt(root, ["status", "--json"], { env });
    expect((JSON.parse(status.out) as { index: unknown }).index).toMatchObject({ state: "missing", total_files: 0 });
    const live = new Database(join(root, ".tsift", "index.db"), { readonly: true });
    try {
      expect(live.prepare("SELECT count(*) FROM files").pluck().get()).toBe(0);
    } finally {
      live.close();
    }

    const rerun = spawnBuilt(root, ["index", "--json"], { env });
    expect(rerun.code).toBe(0);
    const report = JSON.parse(rerun.out) as { total_tracked: number; new: number; lock_recovered?: unknown };
    expect(report).toMatchObject({ total_tracked: FILES, new: FILES });
    expect(readdirSync(join(root, ".tsift")).filter((name) => name.startsWith("index.db.building"))).toEqual([]);
    const found = spawnBuilt(root, ["symbols", `f${FILES - 1}`, "--json"], { env });
    expect(found.code).toBe(0);
    expect(found.out).toContain(`m${FILES - 1}.py`);
  });
});
