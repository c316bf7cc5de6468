import { TsiftError } from "./errors";
import type { GraphStore } from "./graph-store";
import type { GraphNode } from "./graph-types";

/** How a traverse argument was matched, most exact first. */
export type NodeMatch = "id" | "handle" | "file" | "qualified_name" | "name" | "route";

export interface ResolvedNode {
  node: GraphNode;
  match: NodeMatch;
  /** Other nodes the same text named (a symbol name defined in several places), capped. */
  alternatives: { id: string; kind: string; label: string; path?: string }[];
}

const ALTERNATIVES_CAP = 5;

function alternative(node: GraphNode) {
  return { id: node.id, kind: node.kind, label: node.label, ...(node.properties?.path ? { path: node.properties.path } : {}) };
}

/**
 * Resolves what a user or agent typed into one graph node: an exact node id, a stable
 * handle (`gsym-…`, `gfil-…`, also as `#…`), a root-relative file path, a qualified
 * symbol name (`Store.get`), a bare symbol name, or a route (`GET /health`). Every
 * lookup goes through the indexed property surface, never a scan; ambiguous names pick
 * the first by id and list the others so the caller can be precise next time.
 */
export async function resolveGraphNode(store: GraphStore, text: string): Promise<ResolvedNode> {
  const raw = text.trim();
  const exact = await store.getNode(raw);
  if (exact) return { node: exact, match: "id", alternatives: [] };
  const handle = raw.startsWith("#") ? raw.slice(1) : raw;
  if (/^g[a-z]{3}-[0-9a-f]{6,}$/.test(handle)) {
    const page = await store.scanNodes({ properties: { handle }, limit: 2 });
    if (page.items[0]) return { node: page.items[0], match: "handle", alternatives: page.items.slice(1).map(alternative) };
  }
  const file = await store.getNode(`file:${raw.replace(/^\.\//, "")}`);
  if (file) return { node: file, match: "file", alternatives: [] };

  const route = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY|ALL)\s+(\/\S*)$/i.exec(raw);
  if (route) {
    const page = await store.nodesByKind("route", { properties: { route_path: route[2]!, method: route[1]!.toUpperCase() }, limit: ALTERNATIVES_CAP + 1 });
    if (page.items[0]) return { node: page.items[0], match: "route", alternatives: page.items.slice(1).map(alternative) };
  }
  // `Store.get` / `mod::fn`: look the last segment up by name, keep the qualified match.
  const segments = raw.split(/\.|::/);
  const name = segments[segments.length - 1]!;
  const byName = await store.nodesByKind("symbol", { properties: { ref_id: name }, limit: 200 });
  if (segments.length > 1) {
    const qualified = byName.items.filter((node) => node.label === raw || node.label.endsWith(`.${raw}`) || node.label.endsWith(`::${raw}`));
    if (qualified[0]) return { node: qualified[0], match: "qualified_name", alternatives: qualified.slice(1, ALTERNATIVES_CAP + 1).map(alternative) };
  }
  if (byName.items[0]) {
    // Top-level definitions first: `main` should mean the function, not some `X.main`.
    const ordered = [...byName.items].sort((a, b) => Number(a.label !== name) - Number(b.label !== name));
    return { node: ordered[0]!, match: "name", alternatives: ordered.slice(1, ALTERNATIVES_CAP + 1).map(alternative) };
  }
  throw new TsiftError("not_found", `no graph node matches "${raw}"`, {
    details: { target: raw },
    hint: "pass a node id, a gsym-/gfil- handle, a file path or a symbol name; list nodes with `tsift graph-db kind symbol --limit 20`",
  });
}
