/**
 * Deterministic synthetic code graphs shaped like a tsift projection: file nodes,
 * symbol nodes (ref_id/path/line/kind properties, provenance, freshness), `defines`
 * edges file -> symbol and `calls` edges symbol -> symbol, both with a `line` property.
 *
 * Shape: ~10 symbols per file, ~1.75 calls per symbol (average out-degree ~2.5 over all
 * nodes), 60% of calls local to the file's package, 5% to eight Zipf-weighted hubs, and
 * a 65-symbol delegation chain whose only way in and through is the chain itself, so
 * the shortest path from its head to its tail is exactly 64 hops.
 */

const SYMBOLS_PER_FILE = 10;
const CALLS_PER_SYMBOL = 1.75;
const FILES_PER_PACKAGE = 40;
const HUB_COUNT = 8;
const HUB_CALL_SHARE = 0.05;
const LOCAL_CALL_SHARE = 0.6;
export const CHAIN_HOPS = 64;
const SYMBOL_KINDS = ["function", "function", "function", "method", "method", "class", "interface", "const"];
const NAMES = ["parse", "load", "render", "resolve", "handle", "build", "emit", "visit", "check", "format", "read", "write", "merge", "split", "index"];
const OBSERVED_AT = 1_700_000_000;

/** mulberry32: small, fast, deterministic. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "10k" -> 10000, "1m" -> 1000000, "2500" -> 2500. */
export function parseSize(text) {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`bad size ${text}: use e.g. 10k, 100k, 1m`);
  const scale = { "": 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase()];
  return Math.round(Number(match[1]) * scale);
}

function filePath(fileIndex) {
  const pkg = Math.floor(fileIndex / FILES_PER_PACKAGE);
  return `src/pkg_${String(pkg).padStart(4, "0")}/mod_${String(fileIndex).padStart(6, "0")}.ts`;
}

function fileNode(path) {
  return {
    id: `file:${path}`,
    kind: "file",
    label: path.slice(path.lastIndexOf("/") + 1),
    properties: { path, language: "typescript" },
    freshness: { content_hash: `h${path.length}${path.charCodeAt(path.length - 4)}`, observed_at_unix: OBSERVED_AT },
  };
}

function symbolNode(refId, path, name, line, kind) {
  return {
    id: `sym:${path}:${name}`,
    kind: "symbol",
    label: name,
    properties: { ref_id: String(refId), path, line: String(line), kind },
    provenance: [{ source: "tsift-index", source_ref: `${path}:${line}` }],
    freshness: { content_hash: `hash-${path}`, observed_at_unix: OBSERVED_AT },
  };
}

/**
 * Builds a projection of about `targetRows` rows (nodes + edges) and the ids the
 * benchmark reads: the biggest hub, normal symbols and files, the chain's ends.
 */
export function generateGraph(targetRows, seed = 42) {
  const random = rng(seed);
  const rowsPerFile = 1 + SYMBOLS_PER_FILE * (2 + CALLS_PER_SYMBOL);
  const fileCount = Math.max(4, Math.round((targetRows - 2 * (CHAIN_HOPS + 1) - 2 * HUB_COUNT - 2) / rowsPerFile));
  const nodes = [];
  const edges = [];
  /** Symbol ids per file, for local calls. */
  const symbolsByFile = [];
  const allSymbols = [];
  let refId = 0;

  for (let f = 0; f < fileCount; f++) {
    const path = filePath(f);
    const file = fileNode(path);
    nodes.push(file);
    const count = SYMBOLS_PER_FILE - 5 + Math.floor(random() * 11); // 5..15, mean 10
    const ids = [];
    let line = 1;
    for (let s = 0; s < count; s++) {
      line += 2 + Math.floor(random() * 30);
      const name = `${NAMES[(f + s) % NAMES.length]}${s}_${f}`;
      const symbol = symbolNode(++refId, path, name, line, SYMBOL_KINDS[Math.floor(random() * SYMBOL_KINDS.length)]);
      nodes.push(symbol);
      edges.push({ from_id: file.id, to_id: symbol.id, kind: "defines", properties: { line: String(line) } });
      ids.push(symbol.id);
      allSymbols.push(symbol.id);
    }
    symbolsByFile.push(ids);
  }

  // Hubs: logging / assertion helpers everything calls.
  const hubPath = "src/runtime/log.ts";
  const hubFile = fileNode(hubPath);
  nodes.push(hubFile);
  const hubs = [];
  for (let h = 0; h < HUB_COUNT; h++) {
    const hub = symbolNode(++refId, hubPath, `log${h}`, 10 + h * 12, "function");
    nodes.push(hub);
    edges.push({ from_id: hubFile.id, to_id: hub.id, kind: "defines", properties: { line: String(10 + h * 12) } });
    hubs.push(hub.id);
  }
  const hubWeights = hubs.map((_, h) => 1 / (h + 1));
  const hubTotal = hubWeights.reduce((a, b) => a + b, 0);
  const pickHub = () => {
    let r = random() * hubTotal;
    for (let h = 0; h < hubs.length; h++) if ((r -= hubWeights[h]) < 0) return hubs[h];
    return hubs[0];
  };

  // Calls: Poisson-ish 0..4 per symbol with the target mean.
  const callCounts = [0, 1, 1, 2, 2, 2, 3, 3]; // mean 1.75
  for (let f = 0; f < fileCount; f++) {
    const pkg = Math.floor(f / FILES_PER_PACKAGE);
    const pkgFirst = pkg * FILES_PER_PACKAGE;
    const pkgFiles = Math.min(FILES_PER_PACKAGE, fileCount - pkgFirst);
    for (const from of symbolsByFile[f]) {
      const n = callCounts[Math.floor(random() * callCounts.length)];
      const seen = new Set();
      for (let c = 0; c < n; c++) {
        const roll = random();
        let to;
        if (roll < HUB_CALL_SHARE) to = pickHub();
        else if (roll < HUB_CALL_SHARE + LOCAL_CALL_SHARE) {
          const local = symbolsByFile[pkgFirst + Math.floor(random() * pkgFiles)];
          to = local[Math.floor(random() * local.length)];
        } else to = allSymbols[Math.floor(random() * allSymbols.length)];
        if (to === from || seen.has(to)) continue;
        seen.add(to);
        edges.push({ from_id: from, to_id: to, kind: "calls", properties: { line: String(1 + Math.floor(random() * 400)) } });
      }
    }
  }

  // A delegation chain: only chain[i] calls chain[i+1], nothing else calls into it.
  const chainPath = "src/chain/delegate.ts";
  const chainFile = fileNode(chainPath);
  nodes.push(chainFile);
  const chain = [];
  for (let i = 0; i <= CHAIN_HOPS; i++) {
    const symbol = symbolNode(++refId, chainPath, `step${String(i).padStart(3, "0")}`, 5 + i * 4, "function");
    nodes.push(symbol);
    edges.push({ from_id: chainFile.id, to_id: symbol.id, kind: "defines", properties: { line: String(5 + i * 4) } });
    if (i > 0) edges.push({ from_id: chain[i - 1], to_id: symbol.id, kind: "calls", properties: { line: String(6 + (i - 1) * 4) } });
    chain.push(symbol.id);
  }

  const pickMany = (list, count) => Array.from({ length: count }, () => list[Math.floor(random() * list.length)]);
  const callEdges = edges.filter((edge) => edge.kind === "calls" && !hubs.includes(edge.to_id));
  const fileIds = symbolsByFile.map((_, f) => `file:${filePath(f)}`);
  return {
    projection: { nodes, edges },
    targets: {
      hub: hubs[0],
      chainHead: chain[0],
      chainTail: chain[CHAIN_HOPS],
      /** A symbol with calls in and out, picked like any other. */
      normalSymbol: callEdges[Math.floor(callEdges.length / 2)].from_id,
      normalFile: fileIds[Math.floor(fileIds.length / 3)],
      sampleNodes: pickMany(allSymbols, 256),
      sampleEdges: pickMany(callEdges, 256).map((edge) => [edge.from_id, edge.kind, edge.to_id]),
    },
    protectedIds: new Set([...hubs, ...chain, hubFile.id, chainFile.id]),
  };
}

/**
 * The next state after a small edit wave: about `share` of all rows differ. Of the
 * touched rows, 70% change a `line` property (nodes and edges), 15% of call edges are
 * removed and as many new call edges appear. Hubs and the chain are left alone.
 */
export function perturbGraph(projection, protectedIds, share = 0.01, seed = 7) {
  const random = rng(seed);
  const total = projection.nodes.length + projection.edges.length;
  const touches = Math.max(1, Math.round(total * share));
  const modify = Math.round(touches * 0.7);
  const churn = Math.max(1, Math.round((touches - modify) / 2));

  const nodes = projection.nodes.slice();
  const edges = projection.edges.slice();
  const modifiedNodes = new Set();
  const modifiedEdges = new Set();
  const nodeShare = projection.nodes.length / total;
  for (let i = 0; i < modify; i++) {
    if (random() < nodeShare) {
      const at = Math.floor(random() * nodes.length);
      const node = nodes[at];
      if (node.kind !== "symbol" || protectedIds.has(node.id) || modifiedNodes.has(at)) continue;
      modifiedNodes.add(at);
      const line = String(Number(node.properties.line) + 1);
      nodes[at] = { ...node, properties: { ...node.properties, line }, provenance: [{ source: "tsift-index", source_ref: `${node.properties.path}:${line}` }] };
    } else {
      const at = Math.floor(random() * edges.length);
      const edge = edges[at];
      if (protectedIds.has(edge.from_id) || protectedIds.has(edge.to_id) || modifiedEdges.has(at)) continue;
      modifiedEdges.add(at);
      edges[at] = { ...edge, properties: { line: String(Number(edge.properties.line) + 1) } };
    }
  }

  const removed = new Set();
  for (let i = 0; i < churn; i++) {
    const at = Math.floor(random() * edges.length);
    const edge = edges[at];
    if (edge.kind === "calls" && !protectedIds.has(edge.from_id) && !protectedIds.has(edge.to_id)) removed.add(at);
  }
  const kept = edges.filter((_, at) => !removed.has(at));
  const existing = new Set(kept.map((edge) => `${edge.from_id}\0${edge.to_id}`));
  const symbols = nodes.filter((node) => node.kind === "symbol" && !protectedIds.has(node.id));
  for (let added = 0, tries = 0; added < removed.size && tries < removed.size * 10; tries++) {
    const from = symbols[Math.floor(random() * symbols.length)].id;
    const to = symbols[Math.floor(random() * symbols.length)].id;
    if (from === to || existing.has(`${from}\0${to}`)) continue;
    existing.add(`${from}\0${to}`);
    kept.push({ from_id: from, to_id: to, kind: "calls", properties: { line: String(1 + Math.floor(random() * 400)) } });
    added++;
  }
  return { nodes, edges: kept };
}
