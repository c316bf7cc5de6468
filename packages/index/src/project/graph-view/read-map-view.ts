import { basename } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { GraphViewEdgeInput, GraphViewInput, GraphViewModel, GraphViewNodeInput } from "@tsift/algorithms";
import { displayNames } from "../../projection/graph-queries/index-call-graph";
import { readTransaction } from "../../store/queries/read-transaction";
import { placeFlags, shellArg, sourceReadCommand, type CommandPlace } from "../../walk/command-place";
import type { IndexOpener } from "../../store/open-read-index";
import { checkLimit } from "../read-limits";
import { aggregateFiles, groupLinks, type MapFile, type MapGroup } from "./aggregate-files";
import { mapFileLinks, mapFiles } from "./map-view-rows";

export type MapViewLayer = "file" | "symbol";

export interface MapViewOptions {
  /** `file` (default): files, grouped into directories past the cap. `symbol`: the most central called symbols and their files. */
  layer?: MapViewLayer;
  /** Most nodes of the layer drawn (0 = all); default 300. See `aggregateFiles` for the file layer's rule. */
  limit?: number;
  /** Only files below this root-relative directory. */
  under?: string;
}

export const MAP_VIEW_DEFAULT_LIMIT = 300;

/** `a/b/c.ts` → `b/c.ts`: short enough to label a node; the id and search keep the whole path. */
const shortPath = (path: string) => path.split("/").slice(-2).join("/");

function normalizeUnder(under: string | undefined): string {
  const trimmed = (under ?? "")
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  if (trimmed === "." || trimmed === "") return "";
  if (trimmed.startsWith("/") || trimmed.split("/").includes(".."))
    throw new TsiftError("usage", `--under must be a directory inside the project, got ${under}`, { hint: "tsift map --help" });
  return trimmed;
}

/**
 * `tsift map`: the whole repository as one graph to explore, laid out and coloured by
 * `layoutGraphView` (ForceAtlas2, Louvain, PageRank sizes). The file layer links files by
 * resolved imports and cross-file calls and, past `limit`, groups them by directory
 * (`aggregateFiles`: the deepest directory level that fits, then the largest groups plus
 * one `…other/`), so a large repository reads as a few dozen clusters. The symbol layer is
 * the `limit` called symbols with the highest PageRank in the resolved call graph, their
 * calls, and the files that define them. Every node carries the commands to look closer.
 */
export async function readMapView(open: IndexOpener, options: MapViewOptions = {}): Promise<GraphViewModel> {
  const layer = options.layer ?? "file";
  if (layer !== "file" && layer !== "symbol")
    throw new TsiftError("usage", `--layer must be file or symbol, got ${String(layer)}`, { hint: "tsift map --help" });
  const limit = options.limit ?? MAP_VIEW_DEFAULT_LIMIT;
  checkLimit("limit", limit, "map");
  const under = normalizeUnder(options.under);
  const index = await open();
  const input = await readTransaction(index.db, async () => {
    const files = mapFiles(index.db, under);
    if (under !== "" && files.length === 0)
      throw new TsiftError("not_found", `no indexed files under ${under}`, { hint: `tsift map${placeFlags(index.place)}` });
    const title = `tsift map: ${basename(index.root)}${under ? `/${under}` : ""} (${layer} layer)`;
    return layer === "file" ? fileLayer(index.db, files, limit, title, index.place) : symbolLayer(index.db, files, limit, title, index.place);
  });
  const { layoutGraphView } = await import("@tsift/algorithms");
  return layoutGraphView(input);
}

function fileLayer(db: Parameters<typeof mapFileLinks>[0], files: MapFile[], limit: number, title: string, place: CommandPlace): GraphViewInput {
  const known = new Set(files.map((file) => file.path));
  const links = mapFileLinks(db).filter((link) => known.has(link.from) && known.has(link.to));
  const aggregation = aggregateFiles(files, limit);
  const notes: string[] = [];
  if (aggregation.depth !== null) {
    notes.push(
      `${files.length} files are more than --limit ${limit}: grouped into ${aggregation.groups.length - aggregation.root_files} directories at depth ${aggregation.depth}` +
        (aggregation.root_files ? `, with ${aggregation.root_files} top-level files as nodes of their own` : "") +
        (aggregation.merged ? `, the ${aggregation.merged} smallest merged into …other/` : "") +
        "; click a directory for the command that maps it alone.",
    );
  }
  const nodes = aggregation.groups.map((group) => groupNode(group, place));
  const edges: GraphViewEdgeInput[] = groupLinks(links, aggregation.groupOf).map((link) => ({ ...link }));
  return { title, nodes, edges, notes };
}

function groupNode(group: MapGroup, place: CommandPlace): GraphViewNodeInput {
  const flags = placeFlags(place);
  const symbols = group.files.reduce((sum, file) => sum + file.symbols, 0);
  const bytes = group.files.reduce((sum, file) => sum + file.size, 0);
  if (group.kind === "file") {
    const file = group.files[0]!;
    return {
      id: group.id,
      label: shortPath(file.path),
      kind: "file",
      layer: "file",
      properties: { path: file.path, language: file.language, symbols, bytes },
      commands: [
        `tsift source-read ${shellArg(file.path)}${flags}`,
        `tsift traverse ${shellArg(file.path)}${flags} --depth 1`,
        `tsift symbols --file ${shellArg(file.path)}${flags}`,
      ],
    };
  }
  const languages = [...new Set(group.files.map((file) => file.language))].sort().join(", ");
  const mappable = group.path !== "." && group.path !== "…other";
  return {
    id: group.id,
    label: `${group.path}/${group.more !== undefined ? ` (+${group.more} more)` : ""}`,
    kind: "directory",
    layer: "file",
    properties: { path: group.path, files: group.files.length, symbols, bytes, languages },
    commands: [
      ...(mappable
        ? [`tsift map${flags} --under ${shellArg(group.path)} --format html --out map.html`, `tsift symbols --file ${shellArg(group.path)}${flags}`]
        : []),
    ],
  };
}

async function symbolLayer(
  db: Parameters<typeof mapFileLinks>[0],
  files: MapFile[],
  limit: number,
  title: string,
  place: CommandPlace,
): Promise<GraphViewInput> {
  const [{ loadCallGraph }, { pageRank }] = await Promise.all([import("../../projection/graph-queries/index-call-graph"), import("@tsift/algorithms")]);
  const known = new Map(files.map((file) => [file.path, file]));
  const call = loadCallGraph(db, { key: "handle" });
  const ranking = pageRank(call.graph).ranking.filter((ranked) => known.has(call.symbols.get(ranked.name)!.file));
  const kept = limit === 0 ? ranking : ranking.slice(0, limit);
  const keep = new Map(kept.map((ranked) => [ranked.name, ranked.score]));
  const names = displayNames(call.symbols);
  const flags = placeFlags(place);
  const nodes: GraphViewNodeInput[] = [];
  const fileRank = new Map<string, number>();
  for (const [handle, score] of keep) {
    const symbol = call.symbols.get(handle)!;
    fileRank.set(symbol.file, (fileRank.get(symbol.file) ?? 0) + score);
    nodes.push({
      id: handle,
      label: names.get(handle)!,
      kind: symbol.kind,
      layer: "symbol",
      rank: score,
      properties: {
        handle,
        name: symbol.qualified_name,
        file: symbol.file,
        line: symbol.line,
        end_line: symbol.end_line,
        language: symbol.language,
        signature: symbol.signature,
      },
      commands: [
        `tsift explain ${handle}${flags}`,
        sourceReadCommand(symbol.file, symbol.line, symbol.end_line, place),
        `tsift traverse ${handle}${flags} --depth 1`,
      ],
    });
  }
  const edges: GraphViewEdgeInput[] = [];
  for (const [path, rank] of fileRank) {
    const file = known.get(path)!;
    nodes.push({ ...groupNode({ id: `file:${path}`, kind: "file", path, files: [file] }, place), rank });
  }
  for (const [handle] of keep) edges.push({ from: `file:${call.symbols.get(handle)!.file}`, to: handle, kind: "defines" });
  for (const [from, to] of call.graph.edges) if (keep.has(from) && keep.has(to) && from !== to) edges.push({ from, to, kind: "calls" });
  const notes =
    ranking.length > kept.length
      ? [`the ${kept.length} of ${ranking.length} called symbols with the highest PageRank (--limit ${limit}), with the files that define them`]
      : [];
  return { title, nodes, edges, notes };
}
