import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH } from "../definition/common-options";

/** `tsift watch [dir]`: the warm index's watcher alone, one line per update. */
export const watch = defineCommand({
  name: "watch",
  summary: "keep the index up to date as files change (one status line per update) until Ctrl-C",
  helpOrder: 310,
  positionals: [DIR],
  options: { path: PATH },
  examples: [{ command: "tsift watch", description: "re-index each edit as it is saved; Ctrl-C stops" }],
  async run(options, io): Promise<CommandResult> {
    const { runWatch } = await import("../watch/run-watch");
    return runWatch(io, options);
  },
});
