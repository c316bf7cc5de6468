import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";

/** `tsift rewrite [--run] '<command>'`: the bounded tsift flow for a high-token shell command, or exit 1 with why not. */
export const rewrite = defineCommand({
  name: "rewrite",
  summary: "route a search, diff review, test run or build to its bounded tsift flow",
  helpOrder: 330,
  positionals: [{ name: "command", required: true, description: "the shell command, as one quoted string" }],
  options: {
    run: { type: "boolean", default: false, description: "run the rewritten command and exit with its status (nothing runs when there is no rewrite)" },
  },
  examples: [
    { command: "tsift rewrite 'rg getUser src'", description: "prints: tsift --envelope search getUser src --exact --budget normal" },
    { command: "tsift rewrite --run 'cargo test'", description: "runs the tests through tsift run: a digest, the full output kept as an artifact" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runRewrite } = await import("../rewrite/run-rewrite");
    return runRewrite(io, options);
  },
});
