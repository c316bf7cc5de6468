import { splitIdentifier } from "@tsift/graph";
import { normalize, type Encoder } from "./encoder";

export const HASH_ENCODER_ID = "tsift-hash-v1";

/**
 * Words every chunk of code has: keywords and English glue. They would dominate an
 * unweighted bag of features and carry no meaning, so they are not features.
 */
const NOISE = new Set(
  (
    "a an and are as at be by do does for from has have how if in into is it its of on or that the this to was were what when where which with " +
    "const let var function return export import type interface class extends implements new this self null undefined true false void async await " +
    "yield if else for while switch case break continue default throw try catch finally public private protected readonly static pub fn mut impl " +
    "struct enum use mod def pass none lambda val fun object package string number boolean any unknown never"
  ).split(" "),
);

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

export interface HashEncoderOptions {
  /** Vector size; part of the id, since it changes every vector. Default 512. */
  dimensions?: number;
}

/**
 * `tsift-hash-v1`: a deterministic, model-free embedding. Each identifier contributes
 * its parts (`getHTTPResponse` -> get, http, response) with a light suffix stem
 * (`retries` ~ `retry`), its whole joined form when compound, and the character
 * trigrams of each part (so `parse` is near `parser`). Features are hashed (FNV-1a)
 * into signed buckets with sublinear term frequency, then L2-normalized. It needs no
 * download and gives the same vector on every machine; it is a lexical-semantic
 * bridge (wording variants, identifier styles), not a language model.
 */
export function createHashEncoder(options: HashEncoderOptions = {}): Encoder {
  const dimensions = options.dimensions ?? 512;
  const id = dimensions === 512 ? HASH_ENCODER_ID : `${HASH_ENCODER_ID}-d${dimensions}`;
  return {
    id,
    dimensions,
    encode: (texts) => texts.map((text) => hashEmbed(text, dimensions)),
  };
}

export function hashEmbed(text: string, dimensions: number): Float32Array {
  const counts = new Map<string, number>();
  const bump = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
  for (const match of text.matchAll(IDENTIFIER)) {
    const parts = splitIdentifier(match[0]);
    if (parts.length > 1) bump(`w:${parts.join("")}`, 1);
    for (const part of parts) {
      if (part.length < 2 || NOISE.has(part)) continue;
      const stem = lightStem(part);
      bump(`p:${stem}`, 1);
      if (stem.length >= 4) {
        const padded = `^${stem}$`;
        for (let i = 0; i + 3 <= padded.length; i++) bump(`t:${padded.slice(i, i + 3)}`, 0.25);
      }
    }
  }
  const vector = new Float32Array(dimensions);
  for (const [feature, weight] of counts) {
    const hash = fnv1a(feature);
    const index = hash % dimensions;
    const sign = (hash >>> 16) & 1 ? -1 : 1;
    vector[index]! += sign * (1 + Math.log(weight > 1 ? weight : 1)) * (weight < 1 ? weight : 1);
  }
  return normalize(vector);
}

/** Strips common English inflections so `retries`, `retried` and `retrying` share `retr…`. */
export function lightStem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ies", "ied", "ing", "ers", "es", "ed", "er", "s"]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, word.length - suffix.length);
    // `boxes` -> box, but `schedules` -> schedule: only sibilants take `es`.
    if (suffix === "es" && !/(s|x|z|ch|sh)$/.test(stem)) return word.slice(0, -1);
    if (suffix === "ed" || suffix === "ing" || suffix === "er" || suffix === "ers") return /e$/.test(stem) ? stem : stem.replace(/([^aeiou])\1$/, "$1");
    return suffix === "ies" || suffix === "ied" ? `${stem}y` : stem;
  }
  return word;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
