import { TERSE_KEYS, TERSE_PAIRS } from "./terse-keys";

/** Renames keys by the terse map, recursively, remembering which long keys were renamed. */
export function terseKeys(value: unknown, used: Set<string> = new Set()): { value: unknown; used: Set<string> } {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const short = TERSE_KEYS.get(key);
      if (short) used.add(key);
      out[short ?? key] = walk(child);
    }
    return out;
  };
  return { value: walk(value), used };
}

/** `_s` (short → long) for the keys present, in map order. */
export function terseSchema(used: ReadonlySet<string>): Record<string, string> {
  const schema: Record<string, string> = {};
  for (const [long, short] of TERSE_PAIRS) if (used.has(long)) schema[short] = long;
  return schema;
}
