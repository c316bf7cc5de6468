import type { GraphEdge } from "@tsift/core";
import { VIEW_HEIGHT, VIEW_WIDTH, layoutSlice } from "./traverse-layout";
import type { Recommendation, SliceNode, TraverseMode } from "./traverse-slice";

/** What the page shows; embedded whole as JSON so the file is its own data export. */
export interface TraverseHtmlInput {
  title: string;
  mode: TraverseMode;
  nodes: SliceNode[];
  edges: GraphEdge[];
  recommendations: Recommendation[];
  [key: string]: unknown;
}

/** Node kinds get fixed colours (colour-blind-safe Tableau 10), so a picture reads the same everywhere. */
export const NODE_COLORS: Readonly<Record<string, string>> = {
  file: "#4e79a7",
  symbol: "#59a14f",
  route: "#e15759",
  module: "#b07aa1",
  projection_meta: "#9c755f",
};
export const OTHER_NODE_COLOR = "#bab0ac";

const EDGE_STYLE: Readonly<Record<string, string>> = {
  calls: "stroke:#444;stroke-width:1.6",
  handled_by: "stroke:#e15759;stroke-width:1.8",
  defines_route: "stroke:#e15759;stroke-dasharray:4 2",
  imports: "stroke:#4e79a7;stroke-dasharray:6 3",
  contains: "stroke:#76b7b2;stroke-dasharray:2 2",
  defines: "stroke:#bbb",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON safe inside `<script>`: no `</script>`, no `<!--`, no line separators JavaScript chokes on. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const shortLabel = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

/**
 * One self-contained HTML file: an inline SVG of the slice (typed node colours, styled
 * edge kinds, arrowheads), a kind legend that toggles kinds, a text filter, a detail
 * panel for the clicked node (properties, provenance, incident edges, what to run next),
 * and the slice itself as JSON in `<script type="application/json" id="tsift-graph">`.
 * No external requests: it works offline and from a file:// URL.
 */
export async function renderTraverseHtml(input: TraverseHtmlInput): Promise<string> {
  const positions = await layoutSlice(input.mode, input.nodes, input.edges);
  const kinds = [...new Set(input.nodes.map((node) => node.kind))].sort();
  const color = (kind: string) => NODE_COLORS[kind] ?? OTHER_NODE_COLOR;
  const edgeSvg = input.edges
    .filter((edge) => positions.has(edge.from_id) && positions.has(edge.to_id))
    .map((edge) => {
      const a = positions.get(edge.from_id)!;
      const b = positions.get(edge.to_id)!;
      return `<line class="edge" data-id="${escapeHtml(edge.id)}" data-kind="${escapeHtml(edge.kind)}" data-from="${escapeHtml(edge.from_id)}" data-to="${escapeHtml(edge.to_id)}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" style="${EDGE_STYLE[edge.kind] ?? "stroke:#999"}" marker-end="url(#arrow)"><title>${escapeHtml(edge.kind)}</title></line>`;
    })
    .join("\n");
  const nodeSvg = input.nodes
    .map((node) => {
      const p = positions.get(node.id)!;
      const radius = node.depth === 0 ? 11 : node.kind === "file" ? 8 : 7;
      return `<g class="node" data-id="${escapeHtml(node.id)}" data-kind="${escapeHtml(node.kind)}" transform="translate(${p.x},${p.y})"><circle r="${radius}" fill="${color(node.kind)}" stroke="#222" stroke-width="${node.depth === 0 ? 2.5 : 1}"/><text x="${radius + 3}" y="4">${escapeHtml(shortLabel(node.label))}</text><title>${escapeHtml(node.id)}</title></g>`;
    })
    .join("\n");
  const legend = kinds
    .map(
      (kind) =>
        `<label class="kind"><input type="checkbox" data-kind="${escapeHtml(kind)}" checked><span class="swatch" style="background:${color(kind)}"></span>${escapeHtml(kind)} (${input.nodes.filter((n) => n.kind === kind).length})</label>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:13px/1.4 system-ui,sans-serif;color:#222;display:flex;flex-direction:column;height:100vh}
header{padding:8px 12px;border-bottom:1px solid #ddd;display:flex;flex-wrap:wrap;gap:10px;align-items:center}
header h1{font-size:14px;margin:0 8px 0 0}
#filter{padding:3px 6px;min-width:220px}
.kind{display:inline-flex;align-items:center;gap:4px}
.swatch{display:inline-block;width:11px;height:11px;border-radius:50%;border:1px solid #222}
main{flex:1;display:flex;min-height:0}
svg{flex:1;background:#fff}
.node{cursor:pointer}.node text{font-size:11px;fill:#222;pointer-events:none}
.node.hidden,.edge.hidden{display:none}.node.dim{opacity:.2}.edge.dim{opacity:.08}
.node.selected circle{stroke:#f28e2b;stroke-width:3}
aside{width:340px;border-left:1px solid #ddd;padding:10px 12px;overflow:auto}
aside h2{font-size:13px;margin:0 0 6px}aside table{border-collapse:collapse;width:100%}
aside td{border-top:1px solid #eee;padding:2px 4px;vertical-align:top;word-break:break-all}
aside code{font-size:11px;background:#f4f4f4;padding:1px 3px;display:block;margin:2px 0;word-break:break-all}
</style></head>
<body>
<header><h1>${escapeHtml(input.title)}</h1><span id="counts">${input.nodes.length} nodes, ${input.edges.length} edges</span>
<input id="filter" type="search" placeholder="filter nodes by id, label, kind or path" aria-label="filter nodes">${legend}</header>
<main>
<svg id="graph" viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}" role="img" aria-label="graph slice">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="18" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#666"/></marker></defs>
<g class="edges">
${edgeSvg}
</g>
<g class="nodes">
${nodeSvg}
</g>
</svg>
<aside id="detail"><h2>Details</h2><p>Click a node to see its properties, provenance, edges and what to run next.</p></aside>
</main>
<script type="application/json" id="tsift-graph">${embedJson(input)}</script>
<script>
(() => {
  const data = JSON.parse(document.getElementById("tsift-graph").textContent);
  const byId = new Map(data.nodes.map((n) => [n.id, n]));
  const nodes = [...document.querySelectorAll(".node")];
  const edges = [...document.querySelectorAll(".edge")];
  const filter = document.getElementById("filter");
  const kinds = () => new Set([...document.querySelectorAll("input[data-kind]")].filter((b) => b.checked).map((b) => b.dataset.kind));
  const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  function apply() {
    const q = filter.value.trim().toLowerCase();
    const shown = kinds();
    const visible = new Set();
    for (const el of nodes) {
      const n = byId.get(el.dataset.id);
      const text = [n.id, n.label, n.kind, n.properties && n.properties.path].join(" ").toLowerCase();
      const show = shown.has(n.kind) && (!q || text.includes(q));
      el.classList.toggle("hidden", !show);
      if (show) visible.add(n.id);
    }
    for (const el of edges) el.classList.toggle("hidden", !(visible.has(el.dataset.from) && visible.has(el.dataset.to)));
    document.getElementById("counts").textContent = visible.size + " of " + nodes.length + " nodes shown";
  }
  function select(id) {
    const n = byId.get(id);
    for (const el of nodes) el.classList.toggle("selected", el.dataset.id === id);
    const linked = data.edges.filter((e) => e.from_id === id || e.to_id === id);
    const near = new Set([id, ...linked.map((e) => (e.from_id === id ? e.to_id : e.from_id))]);
    for (const el of nodes) el.classList.toggle("dim", !near.has(el.dataset.id));
    for (const el of edges) el.classList.toggle("dim", !(el.dataset.from === id || el.dataset.to === id));
    const props = Object.entries(n.properties || {}).map(([k, v]) => "<tr><td>" + esc(k) + "</td><td>" + esc(v) + "</td></tr>").join("");
    const prov = (n.provenance || []).map((p) => esc(p.source + " " + p.source_ref)).join("<br>");
    const fresh = n.freshness ? esc((n.freshness.content_hash || "").slice(0, 16) + " @ " + (n.freshness.observed_at_unix || "")) : "";
    const rows = linked.map((e) => "<tr><td>" + esc(e.from_id === id ? "→ " + e.kind : "← " + e.kind) + "</td><td>" + esc(e.from_id === id ? e.to_id : e.from_id) + "</td></tr>").join("");
    const path = n.properties && n.properties.path;
    const line = n.properties && n.properties.line;
    const cmds = ["tsift traverse '" + (n.properties && n.properties.handle || n.id) + "' --depth 2"];
    if (path) cmds.push("tsift source-read " + path + (line ? " --start " + line : ""));
    document.getElementById("detail").innerHTML = "<h2>" + esc(n.label) + "</h2><table><tr><td>id</td><td>" + esc(n.id) + "</td></tr><tr><td>kind</td><td>" + esc(n.kind) + "</td></tr>" + props +
      (prov ? "<tr><td>provenance</td><td>" + prov + "</td></tr>" : "") + (fresh ? "<tr><td>freshness</td><td>" + fresh + "</td></tr>" : "") + "</table>" +
      "<h2>Edges (" + linked.length + ")</h2><table>" + rows + "</table><h2>Next</h2>" + cmds.map((c) => "<code>" + esc(c) + "</code>").join("");
  }
  filter.addEventListener("input", apply);
  for (const box of document.querySelectorAll("input[data-kind]")) box.addEventListener("change", apply);
  for (const el of nodes) el.addEventListener("click", () => select(el.dataset.id));
})();
</script>
</body></html>
`;
}
