import { MultisetHash, projectionContentHash } from "../content-hash";
import { TsiftError } from "../errors";
import type { GraphProjection } from "../graph-types";
import { canonicalEdgeRow, canonicalNodeRow, hashEdgeRow, hashNodeRow, type CanonicalEdgeRow, type CanonicalNodeRow } from "../rows";
import { HexEdgeKeys, StringRowKeys, type RefreshRowKeys } from "./refresh-row-keys";

/** What the store holds for a row of the next projection. */
export const NEW = 0;
export const UNCHANGED = 1;
export const CHANGED = 2;

/**
 * One side (nodes or edges) of a validated projection. Every row is hashed; no JSON is
 * built here. On a cold load each canonical row is kept for the insert (it references
 * the caller's objects, so keeping it costs little); otherwise only keys, hashes and
 * property counts are kept and the few rows that differ are made canonical again when
 * written.
 */
export interface PreparedSide<R extends CanonicalNodeRow | CanonicalEdgeRow> {
  count: number;
  keys: RefreshRowKeys;
  /** Row hashes as four 32-bit words per row: no strings to keep alive for 1M rows. */
  hashWords: Uint32Array;
  propertyCounts: Uint32Array;
  /** NEW / UNCHANGED / CHANGED per position, filled by the diff (all NEW on a cold load). */
  states: Uint8Array;
  /** The canonical row at a position (kept, or rebuilt from the projection). */
  canonical(position: number): R;
}

export type AnySide = PreparedSide<CanonicalNodeRow> | PreparedSide<CanonicalEdgeRow>;

export interface PreparedProjection {
  nodes: PreparedSide<CanonicalNodeRow>;
  edges: PreparedSide<CanonicalEdgeRow>;
  contentHash: string;
}

interface BuildingSide<R extends CanonicalNodeRow | CanonicalEdgeRow> extends PreparedSide<R> {
  kept: R[] | null;
}

function side<R extends CanonicalNodeRow | CanonicalEdgeRow>(
  count: number,
  keys: RefreshRowKeys,
  keep: boolean,
  rebuild: (position: number) => R,
): BuildingSide<R> {
  const kept = keep ? new Array<R>(count) : null;
  return {
    count,
    keys,
    hashWords: new Uint32Array(count * 4),
    propertyCounts: new Uint32Array(count),
    states: new Uint8Array(count),
    kept,
    canonical: kept ? (position) => kept[position]! : rebuild,
  };
}

function digestRow(words: Uint32Array, position: number, digest: MultisetHash): void {
  const at = position * 4;
  digest.addWords(words[at]!, words[at + 1]!, words[at + 2]!, words[at + 3]!);
}

function duplicateEdge(projection: GraphProjection, position: number): TsiftError {
  const { id, from_id: from, to_id: to, kind } = canonicalEdgeRow(projection.edges[position]!);
  return new TsiftError("invalid_input", `projection has duplicate edge ${from} -${kind}-> ${to}`, { details: { id } });
}

/**
 * Validates, normalizes and hashes the edges. Edge keys are normally kept as words (see
 * HexEdgeKeys), whose duplicates show only once they are sorted; the first problem in
 * input order still wins, as if every edge were checked in turn.
 */
function prepareEdges(
  projection: GraphProjection,
  nodeKeys: StringRowKeys,
  keepRows: boolean,
  digest: MultisetHash,
  hexKeys: boolean,
): PreparedSide<CanonicalEdgeRow> | null {
  const count = projection.edges.length;
  const keys = hexKeys ? new HexEdgeKeys(count) : new StringRowKeys(count);
  const edges = side(count, keys, keepRows, (i) => canonicalEdgeRow(projection.edges[i]!));
  let failure: { position: number; error: unknown } | null = null;
  for (let i = 0; i < count; i++) {
    let row: CanonicalEdgeRow;
    try {
      row = canonicalEdgeRow(projection.edges[i]!);
    } catch (error) {
      failure = { position: i, error };
      break;
    }
    const { id, from_id: from, to_id: to } = row;
    if (keys instanceof HexEdgeKeys) {
      if (!keys.set(i, id)) return null;
    } else if (!keys.set(i, id)) {
      failure = { position: i, error: duplicateEdge(projection, i) };
      break;
    }
    if (!nodeKeys.has(from) || !nodeKeys.has(to)) {
      const missing = nodeKeys.has(from) ? to : from;
      failure = {
        position: i,
        error: new TsiftError("invalid_input", `projection edge ${id} references node ${missing}, which is not in the projection`, {
          details: { edge: id, missing },
        }),
      };
      break;
    }
    edges.propertyCounts[i] = row.propertyCount;
    if (edges.kept) edges.kept[i] = row;
    hashEdgeRow(row, edges.hashWords, i * 4);
    digestRow(edges.hashWords, i, digest);
  }
  if (keys instanceof HexEdgeKeys) {
    // A repeat before the first other failure (or anywhere, when there is none) comes first.
    const repeat = keys.sort(failure ? failure.position + 1 : count);
    if (repeat >= 0 && (!failure || repeat <= failure.position)) throw duplicateEdge(projection, repeat);
  }
  if (failure) throw failure.error;
  return edges;
}

/** Normalizes and hashes every row, failing closed before any write on duplicates or dangling edges. */
export function prepareProjection(projection: GraphProjection, keepRows: boolean): PreparedProjection {
  const nodeHashes = new MultisetHash();
  const nodeKeys = new StringRowKeys(projection.nodes.length);
  const nodes = side(projection.nodes.length, nodeKeys, keepRows, (i) => canonicalNodeRow(projection.nodes[i]!));
  for (let i = 0; i < projection.nodes.length; i++) {
    const row = canonicalNodeRow(projection.nodes[i]!);
    if (!nodeKeys.set(i, row.id)) throw new TsiftError("invalid_input", `projection has duplicate node id ${row.id}`, { details: { id: row.id } });
    nodes.propertyCounts[i] = row.propertyCount;
    if (nodes.kept) nodes.kept[i] = row;
    hashNodeRow(row, nodes.hashWords, i * 4);
    digestRow(nodes.hashWords, i, nodeHashes);
  }
  let edgeHashes = new MultisetHash();
  let edges = prepareEdges(projection, nodeKeys, keepRows, edgeHashes, true);
  if (!edges) {
    // Some key is not `edge:` + hex (a future key format): index the keys as strings.
    edgeHashes = new MultisetHash();
    edges = prepareEdges(projection, nodeKeys, keepRows, edgeHashes, false)!;
  }
  return { nodes, edges, contentHash: projectionContentHash(nodeHashes, edgeHashes) };
}
