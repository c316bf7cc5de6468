import { hash } from "node:crypto";

/**
 * Stable edge id: "edge:" + the first 128 bits of sha256 over the compact JSON array
 * `[from_id, kind, to_id]`. JSON framing keeps ("a:b","c") and ("a","b:c") distinct;
 * 128 bits keep handles short while collisions stay out of reach for any real graph.
 */
export function edgeKey(fromId: string, kind: string, toId: string): string {
  // One-shot hash: noticeably cheaper than createHash() for a million short keys.
  const digest = hash("sha256", JSON.stringify([fromId, kind, toId]), "hex");
  return `edge:${digest.slice(0, 32)}`;
}
