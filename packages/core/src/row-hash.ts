import type { GraphFreshness, GraphProperties, GraphProvenance } from "./graph-types";

/**
 * Row hashes: 128 bits over a canonical stream of a row's fields, computed in JavaScript
 * straight from the field strings. A refresh hashes every row of the projection to find
 * the few that changed; building three JSON columns and a concatenated string per row
 * and calling SHA-256 on it cost most of a 1M-row unchanged refresh (and most of its
 * garbage). The hash only has to tell a stored row from its next version under the
 * same key, so it need not be cryptographic: MurmurHash3 x86_128's mixing over 32-bit
 * words, with every string length-prefixed so no two different rows give one stream.
 *
 * Stream: a tag word (node or edge), then id, kind, label (nodes) or the edge key
 * (edges); the property count and each key and value in canonical (sorted) order; the
 * provenance count and each entry's source, source_ref and optional content_hash; a
 * freshness flag word and its present fields.
 */

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

// One hash at a time (hashing is synchronous), so the state lives in module variables:
// no per-row allocation at all.
let h1 = 0;
let h2 = 0;
let h3 = 0;
let h4 = 0;
let k1 = 0;
let k2 = 0;
let k3 = 0;
let pending = 0;
let words = 0;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function begin(tag: number): void {
  h1 = h2 = h3 = h4 = 0x9747b28c;
  pending = 0;
  words = 0;
  word(tag);
}

function block(a: number, b: number, c: number, d: number): void {
  a = Math.imul(rotl(Math.imul(a, C1), 15), C2);
  h1 ^= a;
  h1 = rotl(h1, 19);
  h1 = (h1 + h2) | 0;
  h1 = (Math.imul(h1, 5) + 0x561ccd1b) | 0;
  b = Math.imul(rotl(Math.imul(b, C2), 16), C3);
  h2 ^= b;
  h2 = rotl(h2, 17);
  h2 = (h2 + h3) | 0;
  h2 = (Math.imul(h2, 5) + 0x0bcaa747) | 0;
  c = Math.imul(rotl(Math.imul(c, C3), 17), C4);
  h3 ^= c;
  h3 = rotl(h3, 15);
  h3 = (h3 + h4) | 0;
  h3 = (Math.imul(h3, 5) + 0x96cd1c35) | 0;
  d = Math.imul(rotl(Math.imul(d, C4), 18), C1);
  h4 ^= d;
  h4 = rotl(h4, 13);
  h4 = (h4 + h1) | 0;
  h4 = (Math.imul(h4, 5) + 0x32ac3b17) | 0;
}

function word(w: number): void {
  words++;
  if (pending === 0) k1 = w;
  else if (pending === 1) k2 = w;
  else if (pending === 2) k3 = w;
  else {
    block(k1, k2, k3, w);
    pending = 0;
    return;
  }
  pending++;
}

/** The length, then UTF-16 code units two per word. */
function text(s: string): void {
  const length = s.length;
  word(length);
  let i = 0;
  for (; i + 1 < length; i += 2) word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
  if (i < length) word(s.charCodeAt(i));
}

/** Writes the four words of the finished hash to `out[at..at+3]`. */
function finish(out: Uint32Array, at: number): void {
  if (pending >= 3) h3 ^= Math.imul(rotl(Math.imul(k3, C3), 17), C4);
  if (pending >= 2) h2 ^= Math.imul(rotl(Math.imul(k2, C2), 16), C3);
  if (pending >= 1) h1 ^= Math.imul(rotl(Math.imul(k1, C1), 15), C2);
  const bytes = words * 4;
  h1 ^= bytes;
  h2 ^= bytes;
  h3 ^= bytes;
  h4 ^= bytes;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  out[at] = h1;
  out[at + 1] = h2;
  out[at + 2] = h3;
  out[at + 3] = h4;
}

const TAG_NODE = 0x6e6f6465;
const TAG_EDGE = 0x65646765;

// The three optional parts, canonical (see rows.ts): properties with sorted keys,
// provenance entries with source and source_ref, freshness with finite integer time.
function extras(
  properties: Readonly<GraphProperties> | undefined,
  provenance: readonly GraphProvenance[] | undefined,
  freshness: GraphFreshness | undefined,
): void {
  if (properties) {
    const keys = Object.keys(properties);
    word(keys.length);
    for (const key of keys) {
      text(key);
      text(properties[key]!);
    }
  } else word(0);
  if (provenance) {
    word(provenance.length);
    for (const entry of provenance) {
      text(entry.source);
      text(entry.source_ref);
      if (entry.content_hash === undefined) word(0);
      else {
        word(1);
        text(entry.content_hash);
      }
    }
  } else word(0);
  if (!freshness) {
    word(0);
    return;
  }
  const time = freshness.observed_at_unix;
  // Times that fit a word (every real Unix time) hash as one; others as their JSON text.
  const timeFlag = time === undefined ? 0 : time >>> 0 === time ? 2 : 4;
  word((freshness.content_hash === undefined ? 0 : 1) | timeFlag);
  if (freshness.content_hash !== undefined) text(freshness.content_hash);
  if (timeFlag === 2) word(time!);
  else if (timeFlag === 4) text(String(time));
}

/** Hashes a canonical node row into `out[at..at+3]`. */
export function hashNodeFields(
  out: Uint32Array,
  at: number,
  id: string,
  kind: string,
  label: string,
  properties: Readonly<GraphProperties> | undefined,
  provenance: readonly GraphProvenance[] | undefined,
  freshness: GraphFreshness | undefined,
): void {
  begin(TAG_NODE);
  text(id);
  text(kind);
  text(label);
  extras(properties, provenance, freshness);
  finish(out, at);
}

/**
 * Hashes a canonical edge row into `out[at..at+3]`. The edge key stands for from, kind
 * and to (it is their SHA-256), and is less than half their length to hash.
 */
export function hashEdgeFields(
  out: Uint32Array,
  at: number,
  key: string,
  properties: Readonly<GraphProperties> | undefined,
  provenance: readonly GraphProvenance[] | undefined,
  freshness: GraphFreshness | undefined,
): void {
  begin(TAG_EDGE);
  text(key);
  extras(properties, provenance, freshness);
  finish(out, at);
}

const HEX_DIGITS = Array.from("0123456789abcdef", (digit) => digit.charCodeAt(0));
const hexCodes = new Uint16Array(32);

/**
 * The stored form of a row hash: its four words as 32 lowercase hex digits. Written
 * digit by digit into one flat string: `Number#toString(16)` costs ~8x more, enough to
 * show in a 1M-row cold refresh.
 */
export function rowHashHex(words: Uint32Array, at: number): string {
  for (let w = 0; w < 4; w++) {
    let word = words[at + w]!;
    for (let digit = w * 8 + 7; digit >= w * 8; digit--) {
      hexCodes[digit] = HEX_DIGITS[word & 15]!;
      word >>>= 4;
    }
  }
  return String.fromCharCode.apply(null, hexCodes as unknown as number[]);
}
