import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";
import { usageError } from "../definition/usage";

/** `tsift index [dir]`: build or incrementally update index.db (symbols, calls, imports, routes). */
export const index = defineCommand({
  name: "index",
  summary: "build or update the symbol index (.tsift/index.db)",
  helpOrder: 30,
  positionals: [DIR],
  options: {
    path: PATH,
    rebuild: { type: "boolean", default: false, description: "drop the index and parse every file again" },
    check: { type: "boolean", default: false, description: "report what changed since the last index, without writing" },
    exitCode: { type: "boolean", default: false, description: "with --check: exit 1 when files are new, modified or deleted (implies --quiet)" },
    quiet: { alias: "q", type: "boolean", default: false, description: "summary only, no per-file change list" },
    limit: limitOption(20, "changed files listed in the human report, then (+N more) (0 = all; JSON lists every one)"),
    prune: { type: "boolean", default: false, description: "report prune stats (the scan stays complete: subtree pruning is not sound yet)" },
    workspace: { type: "boolean", default: false, description: "index every git submodule scope into .tsift/indexes/<scope>/" },
    submodule: { type: "string", description: "index one workspace scope (id, path or unique leaf name)" },
    resolve: {
      type: "string",
      choices: ["declarations", "checker"],
      description: "call resolution: declarations only, or also the project's own TypeScript checker (default: [index] resolve, else declarations)",
    },
  },
  examples: [
    { command: "tsift index", description: "index the project in the current directory (incremental after the first run)" },
    { command: "tsift index --check --exit-code", description: "exit 1 when the index is out of date, without writing" },
    { command: "tsift index --resolve checker", description: "also bind the calls declarations leave open with the project's TypeScript checker" },
  ],
  async run(options, io): Promise<CommandResult> {
    if (options.rebuild && options.check) throw await usageError("--rebuild and --check cannot be combined: --check never writes", "tsift index --help");
    if (options.resolve === "checker" && options.check)
      throw await usageError("--resolve checker and --check cannot be combined: --check never writes", "tsift index --help");
    const { runIndex } = await import("../index-cmd/run-index");
    return runIndex(io, options);
  },
});
