import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
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
  // `readMapView` of @tsift/index, drawn by @tsift/algorithms' `renderGraphView`: the page on
  // stdout or in `--out`, or the laid-out model as JSON. Each form names its own renderer.
  async run(options, io): Promise<CommandResult> {
    const [
      { readMapView },
      { renderGraphView },
      { TsiftError },
      { commandResult },
      { withReadIndex },
      { displayPath },
      { isJsonMode, outputOptions },
      outputs,
    ] = await Promise.all([
      import("@tsift/index"),
      import("@tsift/algorithms"),
      import("@tsift/core/light"),
      import("../command-result"),
      import("../graph-cmd/with-read-index"),
      import("../graph-db/open-graph-store"),
      import("../output/output-options"),
      import("../map/map-output"),
    ]);
    // `--json` asks for data: the model the page is drawn from, not the page (`--format html` still prints the page).
    const format = options.format ?? (isJsonMode(outputOptions(options)) && options.out === undefined ? "json" : "html");
    return withReadIndex(
      io,
      options,
      (open) => readMapView(open, { layer: options.layer, limit: options.limit, under: options.under }),
      (model, index): CommandResult => {
        if (format === "json") return { data: model, root: index.root };
        const html = renderGraphView(model);
        if (!options.out) return commandResult(html, outputs.htmlOutput, { root: index.root });
        const path = resolve(io.cwd, options.out);
        try {
          writeFileSync(path, html);
        } catch (error) {
          throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
        }
        const written = {
          html: displayPath(io.cwd, path),
          title: model.title,
          nodes: model.nodes.length,
          edges: model.edges.length,
          communities: model.communities.filter((community) => community.size > 1).length,
          notes: model.notes,
        };
        return commandResult(written, outputs.writtenOutput, { root: index.root });
      },
    );
  },
});
