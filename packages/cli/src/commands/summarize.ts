import { resolve } from "node:path";
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
  // `--extract [path] [--diff]` fills `.tsift/summaries.db` through the configured LLM provider;
  // `<symbol>`, `--file F` and `--stats` read it, read-only. Each mode names its own renderer.
  async run(options, io): Promise<CommandResult> {
    const [{ TsiftError }, summaries, { commandResult }, { resolveReadTarget }, { withReadIndex }, outputs] = await Promise.all([
      import("@tsift/core/light"),
      import("@tsift/index/summaries"),
      import("../command-result"),
      import("../graph-cmd/read-index"),
      import("../graph-cmd/with-read-index"),
      import("../summarize/summarize-output"),
    ]);
    const usage = (message: string) => new TsiftError("usage", message, { hint: "tsift summarize --help" });
    const modes = [options.extract, options.stats, options.file !== undefined, !options.extract && options.target !== undefined].filter(Boolean).length;
    if (modes === 0) throw usage("tsift summarize needs a symbol, --file F, --stats or --extract [path]");
    if (modes > 1) throw usage("use one of <symbol>, --file, --stats and --extract at a time");
    if (options.diff && !options.extract) throw usage("--diff only applies to --extract");

    if (options.extract) {
      // The extract path resolves against the --path anchor; the project is that anchor's, so
      // extracting a subdirectory of a project not indexed yet never makes it a project of its own.
      const target = options.target === undefined ? undefined : resolve(io.cwd, options.path ?? ".", options.target);
      return withReadIndex(
        io,
        options,
        (open) => summaries.extractSummaries(open, { target, diff: options.diff, env: io.env }),
        (data, index) => commandResult(data, outputs.extractOutput, { root: index.root }),
      );
    }
    // Reads never build the cache (or the index): with no summaries.db they stop here, exit 4.
    const { root } = resolveReadTarget(io, options);
    if (!summaries.hasSummaries(root)) {
      throw new TsiftError("index_missing", `no summary cache at ${root}/.tsift/summaries.db`, {
        details: { root },
        hint: summaries.SUMMARIZE_EXTRACT_COMMAND,
      });
    }
    if (options.stats) {
      const data = summaries.readSummaryStats(root);
      return commandResult(data, outputs.statsOutput, { root, notes: data.warnings.map((warning) => `warning: ${warning}`) });
    }
    const file = options.file;
    if (file !== undefined) {
      return withReadIndex(
        io,
        options,
        (open) => summaries.readFileSummaries(open, { file, cwd: io.cwd }),
        (data, index) => commandResult(data, outputs.fileSummaryOutput, { root: index.root }),
      );
    }
    const symbol = options.target!;
    return withReadIndex(
      io,
      options,
      (open) => summaries.readSymbolSummary(open, { symbol }),
      (data, index) => commandResult(data, outputs.symbolSummaryOutput, { root: index.root }),
    );
  },
});
