/**
 * Row keys of one side (nodes or edges) of a projection being refreshed: position lookup,
 * key order (the tables' primary-key order, for inserts that append) and duplicates.
 */
export interface RefreshRowKeys {
  readonly size: number;
  /** Position of the row with this key, if the projection has one. */
  positionOf(key: string): number | undefined;
  keyAt(position: number): string;
  /** Every position, ordered by key. */
  sortedPositions(): ArrayLike<number>;
}

/** Eight lowercase hex digits at `start` as a 32-bit word, or -1 (never a word) for anything else. */
export function lowerHexWord(hex: string, start: number): number {
  let word = 0;
  for (let i = start; i < start + 8; i++) {
    const c = hex.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (digit < 0) return -1;
    word = word * 16 + digit;
  }
  return word;
}

/** Any keys: a Map from key to position. Sorting plain strings with the default comparison is several times faster than with a comparator. */
export class StringRowKeys implements RefreshRowKeys {
  private readonly keys: string[];
  private readonly index = new Map<string, number>();

  constructor(readonly size: number) {
    this.keys = new Array<string>(size);
  }

  /** Records a key; false when an earlier position already has it. */
  set(position: number, key: string): boolean {
    const before = this.index.size;
    if (this.index.set(key, position).size === before) return false;
    this.keys[position] = key;
    return true;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  positionOf(key: string): number | undefined {
    return this.index.get(key);
  }

  keyAt(position: number): string {
    return this.keys[position]!;
  }

  /** UTF-16 order differs from SQLite's byte order only for astral characters: that costs insert locality, never correctness. */
  sortedPositions(): number[] {
    const keys = this.keys.slice();
    keys.sort();
    return keys.map((key) => this.index.get(key)!);
  }
}

const EDGE_KEY_PREFIX = "edge:";
const EDGE_KEY_LENGTH = EDGE_KEY_PREFIX.length + 32;
/** Positions below 2^21 pack next to a 32-bit word in one exact double. */
const POSITION_SCALE = 2 ** 21;

/**
 * Edge keys (`edge:` + 32 lowercase hex digits) kept as four 32-bit words per row in one
 * typed array: no strings and no Map entries for 1M edges, so the garbage collector has
 * nothing to trace. Ordered by one numeric sort of (first word, position) with ties
 * settled on the remaining words; looked up by binary search.
 */
export class HexEdgeKeys implements RefreshRowKeys {
  private readonly words: Uint32Array;
  private order: Int32Array | null = null;

  constructor(readonly size: number) {
    this.words = new Uint32Array(size * 4);
  }

  /** Records a key; false when it is not an edge key of that shape (use StringRowKeys then). */
  set(position: number, key: string): boolean {
    if (key.length !== EDGE_KEY_LENGTH || !key.startsWith(EDGE_KEY_PREFIX)) return false;
    const at = position * 4;
    for (let w = 0; w < 4; w++) {
      const word = lowerHexWord(key, EDGE_KEY_PREFIX.length + w * 8);
      if (word < 0) return false;
      this.words[at + w] = word;
    }
    return true;
  }

  private compare(a: number, b: number): number {
    const words = this.words;
    for (let w = 0; w < 4; w++) {
      const x = words[a * 4 + w]!;
      const y = words[b * 4 + w]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /**
   * Orders positions [0, count) by key and returns the first position (in input order)
   * whose key repeats an earlier one, or -1.
   */
  sort(count = this.size): number {
    const compare = (a: number, b: number) => this.compare(a, b) || a - b;
    let order: Int32Array;
    if (count < POSITION_SCALE) {
      const packed = new Float64Array(count);
      for (let p = 0; p < count; p++) packed[p] = this.words[p * 4]! * POSITION_SCALE + p;
      packed.sort();
      order = new Int32Array(count);
      for (let i = 0; i < count; i++) order[i] = packed[i]! % POSITION_SCALE;
      // Equal first words (rare: a birthday pair per ~100k keys) fall back to whole keys.
      for (let start = 0; start < count;) {
        let end = start + 1;
        while (end < count && this.words[order[end]! * 4] === this.words[order[start]! * 4]) end++;
        if (end - start > 1) order.subarray(start, end).sort(compare);
        start = end;
      }
    } else {
      order = Int32Array.from({ length: count }, (_, p) => p).sort(compare);
    }
    let firstRepeat = -1;
    for (let i = 1; i < count; i++) {
      // Equal keys are adjacent, in position order: the later one repeats the earlier.
      if (this.compare(order[i - 1]!, order[i]!) === 0 && (firstRepeat < 0 || order[i]! < firstRepeat)) firstRepeat = order[i]!;
    }
    if (count === this.size) this.order = order;
    return firstRepeat;
  }

  positionOf(key: string): number | undefined {
    if (key.length !== EDGE_KEY_LENGTH || !key.startsWith(EDGE_KEY_PREFIX)) return undefined;
    const at = EDGE_KEY_PREFIX.length;
    const w0 = lowerHexWord(key, at);
    const w1 = lowerHexWord(key, at + 8);
    const w2 = lowerHexWord(key, at + 16);
    const w3 = lowerHexWord(key, at + 24);
    if (w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0) return undefined;
    return this.positionOfWords(w0, w1, w2, w3);
  }

  /** Position of the key whose 32 hex digits are these four words, by binary search. */
  positionOfWords(w0: number, w1: number, w2: number, w3: number): number | undefined {
    const order = this.sortedPositions();
    const words = this.words;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = order[mid]! * 4;
      let x = words[at]!;
      let c = x === w0 ? 0 : x < w0 ? -1 : 1;
      if (c === 0) {
        x = words[at + 1]!;
        c = x === w1 ? 0 : x < w1 ? -1 : 1;
      }
      if (c === 0) {
        x = words[at + 2]!;
        c = x === w2 ? 0 : x < w2 ? -1 : 1;
      }
      if (c === 0) {
        x = words[at + 3]!;
        c = x === w3 ? 0 : x < w3 ? -1 : 1;
      }
      if (c === 0) return order[mid]!;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return undefined;
  }

  keyAt(position: number): string {
    let key = EDGE_KEY_PREFIX;
    for (let w = 0; w < 4; w++) key += this.words[position * 4 + w]!.toString(16).padStart(8, "0");
    return key;
  }

  sortedPositions(): Int32Array {
    if (!this.order) this.sort();
    return this.order!;
  }
}
