import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { GraphViewModel } from "@tsift/algorithms";
import type { CommandResult } from "../command-result";
import { withReadIndex } from "../graph-cmd/with-read-index";
import { displayPath } from "../graph-db/open-graph-store";
import type { map as mapCommand } from "../commands/map";
import type { OptionsOfCommand } from "../definition/define-command";
import type { CliIo } from "../io";
import { isJsonMode, outputOptions } from "../output/output-options";
import { defineOutput } from "../output/output-spec";

/** What `tsift map --out F` reports once the page is written. */
export interface MapWritten {
  html: string;
  title: string;
  nodes: number;
  edges: number;
  communities: number;
  notes: string[];
}

/**
 * `tsift map`: the repository as one explorable graph view (`readMapView` of @tsift/index,
 * drawn by @tsift/algorithms' `renderGraphView`): the page on stdout or in `--out`, or the
 * laid-out model as JSON.
 */
export async function runMap(io: CliIo, flags: OptionsOfCommand<typeof mapCommand>): Promise<CommandResult> {
  const [{ readMapView }, { renderGraphView }] = await Promise.all([import("@tsift/index"), import("@tsift/algorithms")]);
  // `--json` asks for data: the model the page is drawn from, not the page (`--format html` still prints the page).
  const format = flags.format ?? (isJsonMode(outputOptions(flags)) && flags.out === undefined ? "json" : "html");
  return withReadIndex(
    io,
    flags,
    (open) => readMapView(open, { layer: flags.layer, limit: flags.limit, under: flags.under }),
    (model: GraphViewModel, index): CommandResult => {
      if (format === "json") return { data: model, root: index.root };
      const html = renderGraphView(model);
      if (!flags.out) return { data: html, output: htmlOutput, root: index.root };
      const path = resolve(io.cwd, flags.out);
      try {
        writeFileSync(path, html);
      } catch (error) {
        throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
      }
      const written: MapWritten = {
        html: displayPath(io.cwd, path),
        title: model.title,
        nodes: model.nodes.length,
        edges: model.edges.length,
        communities: model.communities.filter((community) => community.size > 1).length,
        notes: model.notes,
      };
      return { data: written, output: writtenOutput, root: index.root };
    },
  );
}

/** `--format html` without `--out`: the page itself is the output, in every mode. */
const htmlOutput = defineOutput<string>({ tool: "map", text: (html) => html });

const writtenOutput = defineOutput<MapWritten>({
  tool: "map",
  text: (data) =>
    [
      `html: ${data.html}`,
      `${data.title}: ${data.nodes} nodes, ${data.edges} edges, ${data.communities} communities`,
      ...data.notes.map((note) => `note: ${note}`),
    ].join("\n"),
});
