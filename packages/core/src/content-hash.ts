import { createHash } from "node:crypto";

/**
 * Order-independent digest of a multiset of 128-bit row hashes: four 32-bit lanes summed
 * modulo 2^32 plus the row count. Refreshes hash 1M rows without sorting them, and two
 * projections with the same rows in any order get the same content hash.
 */
export class MultisetHash {
  private lanes = new Uint32Array(4);
  private count = 0;

  add(rowHashHex: string): void {
    this.addWords(readHexWord(rowHashHex, 0), readHexWord(rowHashHex, 8), readHexWord(rowHashHex, 16), readHexWord(rowHashHex, 24));
  }

  /** Adds a row hash already split into its four 32-bit words (what `add` parses from hex). */
  addWords(w0: number, w1: number, w2: number, w3: number): void {
    const lanes = this.lanes;
    lanes[0] = (lanes[0]! + w0) >>> 0;
    lanes[1] = (lanes[1]! + w1) >>> 0;
    lanes[2] = (lanes[2]! + w2) >>> 0;
    lanes[3] = (lanes[3]! + w3) >>> 0;
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  digest(): string {
    return `${this.count}:${Array.from(this.lanes, (lane) => lane.toString(16).padStart(8, "0")).join("")}`;
  }
}

/**
 * `parseInt(hex.slice(start, start + 8), 16) || 0` without the slice: eight hex digits are
 * read straight from the char codes; anything else takes the parseInt path.
 */
export function readHexWord(hex: string, start: number): number {
  let word = 0;
  for (let i = start; i < start + 8; i++) {
    const c = hex.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (digit < 0) return Number.parseInt(hex.slice(start, start + 8), 16) || 0;
    word = word * 16 + digit;
  }
  return word;
}

/** Content hash of a projection from its node and edge row-hash digests. */
export function projectionContentHash(nodes: MultisetHash, edges: MultisetHash): string {
  return createHash("sha256").update(`tsift-projection\0nodes:${nodes.digest()}\0edges:${edges.digest()}`).digest("hex");
}
