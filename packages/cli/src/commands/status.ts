import type { StatusOptions } from "@tsift/index/indexer";
import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";
import { EXIT_CODES } from "../exit-codes";

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
  async run(options, io) {
    // Loaded when the command runs, like the use case: definitions are read without their imports' targets (docs, the fast path).
    const [{ projectStatus, resolveProjectRoot }, { INDEX_COMMANDS }, { VERSION }] = await Promise.all([
      import("@tsift/index/indexer"),
      import("../status/recommendations"),
      import("../version"),
    ]);
    const { path, fix, limit } = options;
    const data = await projectStatus({ cwd: io.cwd, path, fix, limit, version: VERSION, indexCommands: INDEX_COMMANDS });
    const { root } = resolveProjectRoot(resolve(io.cwd, path ?? "."));
    const notes = data.index.recovery ? [`note: a writer holds the index; status read a snapshot copy (${data.index.recovery})`] : [];
    const problem = data.index.problem;
    // The report still prints in full; a damaged index is also an error line with its repair, and exit 6.
    if (problem) notes.push(`error[${problem.code}]: ${problem.reason} (next: ${problem.next})`);
    return { data, root, notes, ...(problem ? { exitCode: EXIT_CODES.schemaMismatch } : {}) };
  },
  output: async () => (await import("../status/status-output")).statusOutput,
});
