/**
 * Turns text into unit-length vectors for semantic search. Vectors are cached per chunk
 * under `id`, so anything that changes an encoder's output must change its id.
 */
export interface Encoder {
  readonly id: string;
  readonly dimensions: number;
  /** One L2-normalized vector per text; an empty text gives the zero vector. */
  encode(texts: readonly string[]): Float32Array[];
}

/** Scales `vector` to unit length in place (a zero vector stays zero) and returns it. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  return vector;
}

/**
 * Stored form of a vector: a float32 scale then one int8 per dimension (a quarter of
 * float32's size, so loading every chunk's vector per query stays fast; ranking
 * barely moves, cosine error is below 1%).
 */
export function quantize(vector: Float32Array): Buffer {
  let max = 0;
  for (const value of vector) max = Math.max(max, Math.abs(value));
  const buffer = Buffer.alloc(4 + vector.length);
  const scale = max === 0 ? 0 : max / 127;
  buffer.writeFloatLE(scale, 0);
  if (scale === 0) return buffer;
  // |value| <= max, so every rounded value is within [-127, 127]: no int8 wrap-around.
  const values = new Int8Array(buffer.buffer, buffer.byteOffset + 4, vector.length);
  for (let i = 0; i < vector.length; i++) values[i] = Math.round(vector[i]! / scale);
  return buffer;
}

/** Dot product of a float query with a stored (quantized) vector. */
export function dotQuantized(query: Float32Array, stored: Buffer): number {
  const scale = stored.readFloatLE(0);
  if (scale === 0) return 0;
  const values = new Int8Array(stored.buffer, stored.byteOffset + 4, Math.min(query.length, stored.length - 4));
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += query[i]! * values[i]!;
  return sum * scale;
}

/** Back to floats (related-code lookups start from a stored chunk vector). */
export function dequantize(stored: Buffer): Float32Array {
  const scale = stored.readFloatLE(0);
  const out = new Float32Array(stored.length - 4);
  for (let i = 0; i < out.length; i++) out[i] = stored.readInt8(4 + i) * scale;
  return normalize(out);
}
