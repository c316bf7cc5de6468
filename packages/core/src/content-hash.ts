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
    for (let lane = 0; lane < 4; lane++) {
      const word = Number.parseInt(rowHashHex.slice(lane * 8, lane * 8 + 8), 16) || 0;
      this.lanes[lane] = (this.lanes[lane]! + word) >>> 0;
    }
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  digest(): string {
    return `${this.count}:${Array.from(this.lanes, (lane) => lane.toString(16).padStart(8, "0")).join("")}`;
  }
}

/** Content hash of a projection from its node and edge row-hash digests. */
export function projectionContentHash(nodes: MultisetHash, edges: MultisetHash): string {
  return createHash("sha256").update(`tsift-projection\0nodes:${nodes.digest()}\0edges:${edges.digest()}`).digest("hex");
}
