import { createHash } from "node:crypto";
import { posix } from "node:path";

/**
 * The traversal projection's version: stored
 * on the `projection_meta` node and in `graph_projection_versions`; doctor fails closed
 * when a graph.db holds any other.
 */
export const CODE_PROJECTION_VERSION = "tsift-traversal-v1";

/**
 * Bumped whenever the projection's rows change shape for the same index (a new property,
 * another id rule). Part of the source watermark, so an upgraded tsift rebuilds a
 * graph.db whose index did not change instead of reusing rows of the old shape.
 */
export const CODE_PROJECTOR_REVISION = 1;

/** Provenance source of every code projection row. */
export const CODE_GRAPH_SOURCE = "tsift-index";

export const FILE_HANDLE_PREFIX = "gfil-";

/** Node kinds of the code projection. */
export const CODE_NODE_KINDS = ["file", "symbol", "route", "module", "projection_meta"] as const;
/** Edge kinds of the code projection. */
export const CODE_EDGE_KINDS = ["defines", "contains", "calls", "imports", "defines_route", "handled_by"] as const;

export const fileNodeId = (path: string): string => `file:${path}`;
export const moduleNodeId = (specifier: string): string => `module:${specifier}`;
export const projectionMetaId = (scope: string): string => `projection_meta:${scope}`;

/**
 * `gfil-` + 12 hex digits of sha256 over the root-relative path: deterministic across
 * machines and rebuilds, short enough to cite. Files are few, so a cryptographic hash
 * costs nothing here.
 */
export function fileHandle(path: string): string {
  return FILE_HANDLE_PREFIX + createHash("sha256").update(`tsift-file\0${path}`).digest("hex").slice(0, 12);
}

/**
 * The module an import names when it resolved to no indexed file: a bare specifier
 * (`express`) as written, a relative one (`./missing`) joined to the importing file's
 * directory, so `./x` from two directories stays two modules.
 */
export function moduleKey(fromFile: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  return joined.startsWith("..") ? specifier : joined;
}

/**
 * Assigns ids that stay stable when lines move: `<prefix><base>`, and only where a
 * base repeats (a TypeScript value and type of one name, overloads) `<base>:<kind>`,
 * then `~<n>` in line order. An id never encodes a line, so editing above a
 * definition leaves its node, its edges and their keys untouched.
 */
export function disambiguate<T>(items: readonly T[], base: (item: T) => string, kind: (item: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(base(item), (counts.get(base(item)) ?? 0) + 1);
  const withKind = items.map((item) => (counts.get(base(item))! > 1 ? `${base(item)}:${kind(item)}` : base(item)));
  const kindCounts = new Map<string, number>();
  for (const id of withKind) kindCounts.set(id, (kindCounts.get(id) ?? 0) + 1);
  const seen = new Map<string, number>();
  return withKind.map((id) => {
    if (kindCounts.get(id)! === 1) return id;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return `${id}~${n}`;
  });
}
