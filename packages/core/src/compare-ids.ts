/**
 * Orders strings by Unicode code point, which is SQLite's BINARY (UTF-8 byte) order.
 * Plain `<` compares UTF-16 code units and misplaces astral characters relative to
 * U+E000–U+FFFF, which would make in-memory stores page differently from SQLite.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
