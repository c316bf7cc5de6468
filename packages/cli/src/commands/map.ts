import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE, limitOption } from "../definition/common-options";

/** `tsift map [dir]`: the whole repository as one explorable graph view (HTML) or its laid-out model (JSON). */
export const map = defineCommand({
  name: "map",
  summary: "the whole repository as one explorable graph page: files or symbols, clustered, searchable",
  helpOrder: 165,
  readsIndex: true,
  positionals: [DIR],
  options: {
    format: {
      type: "string",
      choices: ["html", "json"],
      description:
        "a self-contained html page, or the laid-out model as json (default: json with --json and the other JSON modes unless --out is given, else html)",
    },
    out: { type: "string", description: "write the html page to this file instead of stdout" },
    layer: {
      type: "string",
      choices: ["file", "symbol"],
      default: "file",
      description: "file: files linked by imports and calls; symbol: the most central symbols, their calls and files",
    },
    limit: limitOption(300, "most nodes: past it files are grouped by directory, symbols kept by PageRank (0 = all)"),
    under: { type: "string", description: "only files below this directory (root-relative)" },
    path: PATH,
    scope: SCOPE,
  },
  examples: [
    { command: "tsift map --out map.html", description: "the repository's files as one page to explore" },
    { command: "tsift map --layer symbol --limit 150 --out symbols.html", description: "the 150 most central symbols and their calls" },
    { command: "tsift map --under packages/cli --format json", description: "one directory's files as a laid-out graph in JSON" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runMap } = await import("../map/run-map");
    return runMap(io, options);
  },
});
