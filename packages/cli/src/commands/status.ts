import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift status [dir]`: read-only session health check; `--fix` refreshes first. */
export const status = defineCommand({
  name: "status",
  readOnly: true,
  summary: "session health check: index freshness, instructions, what to use and run next",
  helpOrder: 10,
  positionals: [DIR],
  options: [
    PATH,
    { name: "fix", type: "boolean", default: false, writes: true, description: "index stale or missing indexes and rewrite stale instructions, then report" },
    limitOption(20, "workspace scopes listed (0 = all)"),
  ],
  examples: [
    { command: "tsift status", description: "is the index fresh, and what should this session use?" },
    { command: "tsift status --fix --json", description: "bring index and instructions up to date, then report as JSON" },
  ],
  async run(args, io) {
    const { runStatus } = await import("../status/run-status");
    return runStatus(io, { path: args.path, fix: args.fix, limit: args.limit });
  },
});
