/** The page's stylesheet: a header with search and layer toggles, the canvas, a details pane. */
export const GRAPH_VIEW_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:13px/1.4 system-ui,sans-serif;color:#222;display:flex;flex-direction:column;height:100vh}
header{padding:8px 12px;border-bottom:1px solid #ddd;display:flex;flex-wrap:wrap;gap:10px;align-items:center}
header h1{font-size:14px;margin:0 8px 0 0}
#finder{position:relative}
#search{padding:4px 8px;min-width:260px}
#results{position:absolute;z-index:5;left:0;top:100%;margin:2px 0 0;padding:0;list-style:none;background:#fff;border:1px solid #ccc;min-width:320px;max-height:60vh;overflow:auto;box-shadow:0 2px 8px rgba(0,0,0,.15)}
#results button{display:block;width:100%;text-align:left;border:0;background:none;padding:4px 8px;cursor:pointer;font:inherit}
#results button:hover,#results button:focus{background:#eef3f8}
#results small,.edge small{color:#777}
.layer{display:inline-flex;align-items:center;gap:4px}
#notes{width:100%;margin:0;color:#666;font-size:12px}
main{flex:1;display:flex;min-height:0}
#graph{flex:1;position:relative;background:#fff;min-width:0}
#graph .error{padding:20px;color:#a00}
aside{width:360px;border-left:1px solid #ddd;display:flex;flex-direction:column;min-height:0}
#details{padding:10px 12px;overflow:auto;flex:1}
#details h2{font-size:13px;margin:10px 0 6px}#details h2:first-child{margin-top:0}
#details table{border-collapse:collapse;width:100%}
#details td{border-top:1px solid #eee;padding:2px 4px;vertical-align:top;word-break:break-all}
#details td:first-child{color:#666;white-space:nowrap;word-break:normal}
#details code{font-size:11px;background:#f4f4f4;padding:2px 4px;display:block;margin:3px 0;word-break:break-all;user-select:all}
#details ul{list-style:none;margin:0;padding:0}
.edge button,#legend button{border:0;background:none;padding:0;color:#1a5fb4;cursor:pointer;font:inherit;text-align:left}
.edge button:hover,#legend button:hover{text-decoration:underline}
#legend{border-top:1px solid #ddd;padding:8px 12px;max-height:30%;overflow:auto}
#legend h2{font-size:12px;margin:0 0 4px}
#legend li{list-style:none;display:flex;gap:6px;align-items:center}#legend ul{margin:0;padding:0}
.swatch{display:inline-block;width:11px;height:11px;border-radius:50%;flex:none}
`;

/**
 * The page's script, run after graphology's and sigma's UMD builds: it reads the model
 * from `#tsift-graph-view`, draws it with sigma (WebGL; wheel zoom, drag to pan, drag a
 * node to move it), labels by sigma's label grid (at most one label per grid cell, largest
 * nodes first, more as you zoom in), and wires the search box, layer toggles, community
 * legend and details pane. `window.tsiftGraphView` exposes the graph and renderer.
 */
export const GRAPH_VIEW_SCRIPT = String.raw`
(function () {
  "use strict";
  var model = JSON.parse(document.getElementById("tsift-graph-view").textContent);
  var EDGE_COLORS = { calls: "#666", imports: "#4e79a7", defines: "#c8c8c8", contains: "#76b7b2", handled_by: "#e15759", defines_route: "#e15759" };
  var byId = new Map();
  model.nodes.forEach(function (n) { byId.set(n.id, n); });
  var esc = function (t) { return String(t).replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; }); };
  var graph = new graphology.MultiDirectedGraph();
  model.nodes.forEach(function (n) {
    graph.addNode(n.id, { x: n.x, y: -n.y, size: n.size, color: n.color, label: n.label, layer: n.layer });
  });
  model.edges.forEach(function (e) {
    if (e.from === e.to) return;
    graph.addDirectedEdgeWithKey(e.id, e.from, e.to, {
      kind: e.kind,
      color: EDGE_COLORS[e.kind] || "#aaa",
      size: Math.min(4, 0.5 + 0.5 * Math.log2(1 + e.weight)),
      type: "arrow",
    });
  });
  var state = { selected: null, neighbors: new Set(), layers: new Set(model.layers) };
  var pane = document.getElementById("details");
  var intro = pane.innerHTML;
  var container = document.getElementById("graph");
  var renderer;
  try {
    renderer = new Sigma(graph, container, {
      // The label grid: one label per 110-pixel cell, biggest node first, none under 7 px, so labels never pile up.
      labelDensity: 1,
      labelGridCellSize: 110,
      labelRenderedSizeThreshold: 7,
      labelFont: "system-ui, sans-serif",
      labelSize: 12,
      zIndex: true,
      minCameraRatio: 0.02,
      maxCameraRatio: 4,
      defaultEdgeType: "arrow",
      nodeReducer: function (id, data) {
        var out = Object.assign({}, data);
        if (!state.layers.has(data.layer)) {
          out.hidden = true;
          return out;
        }
        if (state.selected) {
          if (id === state.selected) {
            out.highlighted = true;
            out.forceLabel = true;
            out.zIndex = 2;
          } else if (state.neighbors.has(id)) {
            out.forceLabel = state.neighbors.size <= 25;
            out.zIndex = 1;
          } else {
            out.color = "#e4e4e4";
            out.label = "";
            out.zIndex = 0;
          }
        }
        return out;
      },
      edgeReducer: function (id, data) {
        var out = Object.assign({}, data);
        var ends = graph.extremities(id);
        if (!state.layers.has(graph.getNodeAttribute(ends[0], "layer")) || !state.layers.has(graph.getNodeAttribute(ends[1], "layer"))) out.hidden = true;
        else if (state.selected && ends[0] !== state.selected && ends[1] !== state.selected) out.hidden = true;
        else if (state.selected) out.size = data.size + 0.5;
        return out;
      },
    });
  } catch (error) {
    container.innerHTML = '<p class="error">This view needs WebGL, which this browser did not provide: ' + esc(error && error.message) + "</p>";
    return;
  }

  function edgeItem(kind, arrow, other) {
    var n = byId.get(other);
    return '<li class="edge">' + esc(arrow + " " + kind) + ' <button type="button" data-id="' + esc(other) + '">' + esc(n.label) + "</button> <small>" + esc(n.kind) + "</small></li>";
  }
  function edgeList(items) {
    items.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0; });
    var shown = items.slice(0, 60).map(function (item) { return item[2]; });
    if (items.length > 60) shown.push("<li>… and " + (items.length - 60) + " more</li>");
    return "<ul>" + shown.join("") + "</ul>";
  }
  function renderDetails(id) {
    if (!id) {
      pane.innerHTML = intro;
      return;
    }
    var n = byId.get(id);
    var rows = [["id", n.id], ["kind", n.kind], ["layer", n.layer], ["community", n.community], ["rank", n.rank]];
    Object.keys(n.properties).forEach(function (key) { rows.push([key, n.properties[key]]); });
    var outgoing = [];
    var incoming = [];
    graph.forEachOutEdge(id, function (_e, a, _s, t) { outgoing.push([a.kind, byId.get(t).label, edgeItem(a.kind, "→", t)]); });
    graph.forEachInEdge(id, function (_e, a, s) { incoming.push([a.kind, byId.get(s).label, edgeItem(a.kind, "←", s)]); });
    pane.innerHTML =
      '<h2 id="details-title">' + esc(n.label) + "</h2><table>" +
      rows.map(function (r) { return '<tr><td>' + esc(r[0]) + "</td><td>" + esc(r[1] === null ? "" : r[1]) + "</td></tr>"; }).join("") +
      "</table><h2>Edges out (" + outgoing.length + ")</h2>" + edgeList(outgoing) +
      "<h2>Edges in (" + incoming.length + ")</h2>" + edgeList(incoming) +
      "<h2>Next</h2>" + (n.commands.length ? n.commands.map(function (c) { return '<code class="command">' + esc(c) + "</code>"; }).join("") : "<p>–</p>");
  }
  function select(id) {
    if (id && !byId.has(id)) return;
    state.selected = id || null;
    state.neighbors = new Set(id ? graph.neighbors(id) : []);
    renderDetails(state.selected);
    renderer.refresh({ skipIndexation: true });
  }
  function focus(id) {
    var n = byId.get(id);
    if (!n) return;
    if (!state.layers.has(n.layer)) {
      state.layers.add(n.layer);
      var box = document.querySelector('input[data-layer="' + n.layer + '"]');
      if (box) box.checked = true;
    }
    results.hidden = true;
    select(id);
    // A large graph zooms in on the node; in a small one the camera moves only to bring it into view.
    var d = renderer.getNodeDisplayData(id);
    var camera = renderer.getCamera();
    var large = model.nodes.length > 150;
    var seen = renderer.graphToViewport(graph.getNodeAttributes(id));
    var dims = renderer.getDimensions();
    var inView = seen.x > dims.width * 0.1 && seen.x < dims.width * 0.9 && seen.y > dims.height * 0.1 && seen.y < dims.height * 0.9;
    if (d && (large || !inView)) camera.animate({ x: d.x, y: d.y, ratio: large ? Math.min(camera.ratio, 0.35) : camera.ratio }, { duration: 300 });
  }

  var search = document.getElementById("search");
  var results = document.getElementById("results");
  function matches(query) {
    var q = query.trim().toLowerCase();
    if (!q) return [];
    var found = [];
    model.nodes.forEach(function (n) {
      var label = n.label.toLowerCase();
      var score = label === q ? 0 : label.indexOf(q) === 0 ? 1 : label.indexOf(q) >= 0 ? 2 : n.id.toLowerCase().indexOf(q) >= 0 ? 3 : -1;
      if (score >= 0) found.push([score, n]);
    });
    found.sort(function (a, b) { return a[0] - b[0] || b[1].rank - a[1].rank || (a[1].id < b[1].id ? -1 : 1); });
    return found.slice(0, 12).map(function (pair) { return pair[1]; });
  }
  search.addEventListener("input", function () {
    var found = matches(search.value);
    results.innerHTML = found
      .map(function (n) { return '<li><button type="button" class="result" data-id="' + esc(n.id) + '">' + esc(n.label) + " <small>" + esc(n.kind + (n.properties.path ? " · " + n.properties.path : n.properties.file ? " · " + n.properties.file : "")) + "</small></button></li>"; })
      .join("");
    results.hidden = found.length === 0;
  });
  search.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      var first = matches(search.value)[0];
      if (first) focus(first.id);
    } else if (ev.key === "ArrowDown" && !results.hidden) {
      ev.preventDefault();
      var top = results.querySelector("button");
      if (top) top.focus();
    } else if (ev.key === "Escape") results.hidden = true;
  });
  // Arrow keys walk the result list; Enter on a result is the button's own click.
  results.addEventListener("keydown", function (ev) {
    var items = Array.prototype.slice.call(results.querySelectorAll("button"));
    var at = items.indexOf(document.activeElement);
    if (ev.key === "ArrowDown" && at < items.length - 1) items[at + 1].focus();
    else if (ev.key === "ArrowUp") (at > 0 ? items[at - 1] : search).focus();
    else if (ev.key === "Escape") {
      results.hidden = true;
      search.focus();
    } else return;
    ev.preventDefault();
  });
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("button[data-id]");
    if (button) focus(button.getAttribute("data-id"));
  });

  document.querySelectorAll("input[data-layer]").forEach(function (box) {
    box.addEventListener("change", function () {
      if (box.checked) state.layers.add(box.getAttribute("data-layer"));
      else state.layers.delete(box.getAttribute("data-layer"));
      if (state.selected && !state.layers.has(byId.get(state.selected).layer)) select(null);
      else renderer.refresh({ skipIndexation: true });
    });
  });

  // Drag a node to move it; a press that moved nothing is a click.
  var dragged = null;
  var moved = false;
  renderer.on("downNode", function (e) {
    dragged = e.node;
    moved = false;
    if (!renderer.getCustomBBox()) renderer.setCustomBBox(renderer.getBBox());
  });
  renderer.on("moveBody", function (e) {
    if (!dragged) return;
    moved = true;
    var p = renderer.viewportToGraph(e.event);
    graph.mergeNodeAttributes(dragged, { x: p.x, y: p.y });
    e.event.preventSigmaDefault();
    e.event.original.preventDefault();
    e.event.original.stopPropagation();
  });
  var release = function () { dragged = null; };
  renderer.on("upNode", release);
  renderer.on("upStage", release);
  renderer.on("clickNode", function (e) {
    if (!moved) select(e.node);
    moved = false;
  });
  renderer.on("clickStage", function () {
    if (!moved) select(null);
    moved = false;
  });
  renderer.on("enterNode", function () { container.style.cursor = "pointer"; });
  renderer.on("leaveNode", function () { container.style.cursor = ""; });

  window.tsiftGraphView = { model: model, graph: graph, renderer: renderer, select: select, focus: focus };
  document.body.setAttribute("data-ready", "true");
})();
`;
