import { browserBundles, type BrowserBundles } from "./browser-bundles";
import type { GraphViewModel } from "./graph-view-model";
import { GRAPH_VIEW_SCRIPT, GRAPH_VIEW_STYLE } from "./graph-view-page";

export interface RenderGraphViewOptions {
  /** The page title; default the model's. */
  title?: string;
  /** The browser builds to inline; default the installed graphology's and sigma's (`browserBundles()`). */
  bundles?: BrowserBundles;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON safe inside `<script>`: no `</script>`, no `<!--`, no line separators older JavaScript chokes on. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * One self-contained HTML page that explores a laid-out graph (`layoutGraphView`): sigma.js
 * over graphology, both inlined, so it opens offline from a file:// URL and makes no
 * request. WebGL drawing with zoom, pan and node drag; a search box that lists matching
 * labels and focuses the chosen node; communities coloured, with a legend; labels placed by
 * sigma's label grid; file and symbol layer toggles; a details pane with the node's
 * properties, its edges (each a link to the node at the other end) and the commands to run
 * next. The model is embedded whole as `<script type="application/json" id="tsift-graph-view">`,
 * so the page is also its own data export. Pure: the same model gives the same bytes.
 */
export function renderGraphView(model: GraphViewModel, options: RenderGraphViewOptions = {}): string {
  const title = options.title ?? model.title;
  const bundles = options.bundles ?? browserBundles();
  const layerCount = (layer: string) => model.nodes.filter((node) => node.layer === layer).length;
  const layers = model.layers
    .map((layer) => `<label class="layer"><input type="checkbox" data-layer="${layer}" checked>${layer} layer (${layerCount(layer)})</label>`)
    .join("");
  const legend = model.communities
    .filter((community) => community.size > 1)
    .slice(0, 12)
    .map((community) => {
      const top = model.nodes
        .filter((node) => node.community === community.id)
        .reduce((best, node) => (node.rank > best.rank || (node.rank === best.rank && node.id < best.id) ? node : best));
      return `<li><span class="swatch" style="background:${community.color}"></span><button type="button" data-id="${escapeHtml(top.id)}">${escapeHtml(community.label)}</button> <small>${community.size}</small></li>`;
    })
    .join("");
  const notes = model.notes.length ? `<p id="notes">${model.notes.map(escapeHtml).join("<br>")}</p>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${GRAPH_VIEW_STYLE}</style></head>
<body>
<header><h1>${escapeHtml(title)}</h1><span id="counts">${model.nodes.length} nodes, ${model.edges.length} edges</span>
<div id="finder"><input id="search" type="search" placeholder="search a file or symbol" aria-label="search a node" autocomplete="off"><ul id="results" hidden></ul></div>
${layers}${notes}</header>
<main>
<div id="graph" role="img" aria-label="graph view"></div>
<aside><div id="details"><h2>Details</h2><p>Search or click a node to see its properties, its edges and what to run next. Scroll to zoom, drag the background to pan, drag a node to move it.</p></div>
${legend ? `<div id="legend"><h2>Communities</h2><ul>${legend}</ul></div>` : ""}</aside>
</main>
<script type="application/json" id="tsift-graph-view">${embedJson(model)}</script>
<script>${bundles.graphology}</script>
<script>${bundles.sigma}</script>
<script>${GRAPH_VIEW_SCRIPT}</script>
</body></html>
`;
}
