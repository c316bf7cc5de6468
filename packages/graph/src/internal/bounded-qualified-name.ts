/**
 * Enclosing levels a qualified name keeps. Past it, the outermost levels give way to `…`,
 * so a name (and every row and chunk header that repeats it) costs the same at any depth:
 * 10,000 nested functions would otherwise store the whole chain in each of them, a
 * quadratic index. Real code never nests this deep.
 */
export const MAX_QUALIFIED_LEVELS = 16;
const ELIDED = "…";

/** `parent` + separator + `name`, keeping its innermost MAX_QUALIFIED_LEVELS levels. */
export function boundedQualifiedName(parent: string, separator: string, name: string): string {
  const full = `${parent}${separator}${name}`;
  // `parent` is itself bounded, so this scan is over a bounded string whatever the depth.
  let cut = full.length;
  for (let level = 0; level < MAX_QUALIFIED_LEVELS; level++) {
    cut = full.lastIndexOf(separator, cut - 1);
    if (cut <= 0) return full;
  }
  return `${ELIDED}${full.slice(cut)}`;
}
