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
  output: async () => (await import("../locks/locks-output")).locksOutput,
  async run(options, io) {
    const { runLocks } = await import("../locks/run-locks");
    return runLocks(io, options);
  },
});
