function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((key) => set.has(key));
}

/**
 * `--schema`: every array of two or more objects with identical key sets becomes
 * `{"_c": keys of the first, "_r": [[values in that order]]}`, recursively through
 * objects and other arrays; rows themselves are not recursed into. One-element,
 * mixed-key and non-object arrays pass through (their elements still recursed).
 */
export function toColumns(value: unknown): unknown {
  if (Array.isArray(value)) {
    const first = value[0];
    if (value.length >= 2 && isRecord(first)) {
      const columns = Object.keys(first);
      if (value.every((item) => isRecord(item) && sameKeys(columns, Object.keys(item)))) {
        return { _c: columns, _r: value.map((item: Record<string, unknown>) => columns.map((column) => item[column])) };
      }
    }
    return value.map(toColumns);
  }
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = toColumns(child);
  return out;
}
