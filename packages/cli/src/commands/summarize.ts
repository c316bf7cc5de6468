import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { PATH, SCOPE } from "../definition/common-options";

/** `tsift summarize`: cached LLM summaries of symbols — extracted once, then read for free. */
export const summarize = defineCommand({
  name: "summarize",
  summary: "cached LLM summaries of symbols (.tsift/summaries.db): --extract once, then read for free",
  helpOrder: 530,
  positionals: [
    {
      name: "target",
      required: false,
      description: "a symbol to show (name, Class.method, file:line, file:name, gsym-* handle), or with --extract the path to extract",
    },
  ],
  options: {
    extract: {
      type: "boolean",
      default: false,
      description: "summarize the indexed symbols under the path through the configured LLM (the only command that calls it)",
    },
    diff: { type: "boolean", default: false, description: "with --extract: only files git reports changed or untracked" },
    file: { type: "string", description: "every symbol of this indexed file with its summary state" },
    stats: { type: "boolean", default: false, description: "summaries, cached and stale files, tokens spent and estimated savings" },
    path: PATH,
    scope: SCOPE,
  },
  examples: [
    { command: "tsift summarize --extract src/", description: "summarize what is not cached yet under src/ (ANTHROPIC_API_KEY)" },
    { command: "tsift summarize --extract --diff", description: "re-extract only git-changed files" },
    { command: "tsift summarize Cache.peek", description: "the cached summary of one symbol: current, stale or missing" },
    { command: "tsift summarize --file src/cache.ts --json", description: "every symbol of a file with its summary state" },
    { command: "tsift summarize --stats", description: "cache totals, stale files and estimated token savings" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runSummarize } = await import("../summarize/run-summarize");
    return runSummarize(io, options);
  },
});
