import type { StatusOptions } from "@tsift/index/indexer";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift status [dir]`: read-only session health check; `--fix` refreshes first. */
export const status = defineCommand<Omit<StatusOptions, "cwd" | "version" | "indexCommands">>()({
  name: "status",
  readOnly: true,
  summary: "session health check: index freshness, instructions, what to use and run next",
  helpOrder: 10,
  positionals: [DIR],
  options: {
    path: PATH,
    fix: { type: "boolean", default: false, writes: true, description: "index stale or missing indexes and rewrite stale instructions, then report" },
    limit: limitOption(20, "workspace scopes listed (0 = all)"),
  },
  examples: [
    { command: "tsift status", description: "is the index fresh, and what should this session use?" },
    { command: "tsift status --fix --json", description: "bring index and instructions up to date, then report as JSON" },
  ],
  output: async () => (await import("../status/status-output")).statusOutput,
  async run(options, io) {
    const { runStatus } = await import("../status/run-status");
    return runStatus(io, options);
  },
});
