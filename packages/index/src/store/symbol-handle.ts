export const SYMBOL_HANDLE_PREFIX = "gsym-";
const HANDLE = /^gsym-[0-9a-f]{12}$/;

/**
 * A symbol's stable short handle: `gsym-` + 12 hex digits (48 bits) of a hash of its
 * root-relative file, qualified name and 1-based line. The same definition gets the same
 * handle in every index of the same source, across rebuilds (row ids do not survive them),
 * so agents can cite it between turns. cyrb53 rather than a cryptographic hash: resolving a
 * handle hashes every symbol, and 100k symbols hash in milliseconds.
 */
export function symbolHandle(file: string, qualifiedName: string, line: number): string {
  const [high, low] = handleWords(file, qualifiedName, line);
  return SYMBOL_HANDLE_PREFIX + high.toString(16).padStart(4, "0") + low.toString(16).padStart(8, "0");
}

export function isSymbolHandle(text: string): boolean {
  return HANDLE.test(text);
}

/**
 * A matcher for one handle that compares hash words instead of formatting a string per
 * symbol (formatting costs more than hashing when every symbol of an index is checked).
 */
export function symbolHandleMatcher(handle: string): (file: string, qualifiedName: string, line: number) => boolean {
  if (!isSymbolHandle(handle)) return () => false;
  const high = Number.parseInt(handle.slice(5, 9), 16);
  const low = Number.parseInt(handle.slice(9), 16);
  return (file, qualifiedName, line) => {
    const [h, l] = handleWords(file, qualifiedName, line);
    return h === high && l === low;
  };
}

/**
 * cyrb53 (bryc, public domain), a fast string hash with good avalanche, cut to its low
 * 48 bits: the low 16 bits of the high word and the whole low word.
 */
function handleWords(file: string, qualifiedName: string, line: number): [high: number, low: number] {
  const text = `${file}\0${qualifiedName}\0${line}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h2 & 0xffff, h1 >>> 0];
}
