import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import type { ReadOptions } from "../graph-cmd/read-index";
import { DIR, PATH } from "../definition/common-options";

/** `tsift locks [dir]`: writer locks and SQLite sidecars, read from the files alone. */
export const locks = defineCommand<ReadOptions>()({
  name: "locks",
  summary: "writer lock holders and WAL/SHM/journal state of the tsift databases",
  helpOrder: 130,
  positionals: [DIR],
  options: { path: PATH, scope: { type: "string", description: "only this workspace scope" } },
  examples: [{ command: "tsift locks", description: "who holds .tsift/index.lock, and which sidecar files exist" }],
  // Read from the files alone: never opens a database.
  async run(options, io) {
    const { readLocks, resolveProjectRoot } = await import("@tsift/index/indexer");
    const data = await readLocks({ cwd: io.cwd, path: options.path, scope: options.scope });
    return { data, root: resolveProjectRoot(resolve(io.cwd, options.path ?? ".")).root };
  },
  output: async () => (await import("../locks/locks-output")).locksOutput,
});
