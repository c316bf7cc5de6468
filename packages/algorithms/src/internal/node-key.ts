const ESCAPE = "\u0001";

/**
 * graphology keeps each node's neighbours in plain objects, so an edge to a node named
 * after an Object.prototype property (`constructor`, `toString`, `__proto__`…) is refused
 * as a duplicate. Such ids (common as symbol names) are stored with a \u0001 prefix and
 * every algorithm maps its output back with `nodeId`.
 */
export function nodeKey(id: string): string {
  return id in Object.prototype || id.charCodeAt(0) === 1 ? ESCAPE + id : id;
}

/** The caller's id for a graph key made by `nodeKey`. */
export function nodeId(key: string): string {
  return key.charCodeAt(0) === 1 ? key.slice(1) : key;
}
