import { describe, expect, it } from "vitest";
import { scoreMatrix, type VectorMatrix } from "./vector-matrix";

/** The plain loop the packed one must match bit for bit: one row at a time, terms added in dimension order. */
function plainScores(matrix: VectorMatrix, query: Float32Array): Float32Array {
  const scores = new Float32Array(matrix.ids.length);
  for (let row = 0; row < scores.length; row++) {
    let sum = 0;
    for (let i = 0; i < matrix.dimensions; i++) sum += query[i]! * matrix.data[row * matrix.dimensions + i]!;
    scores[row] = sum * matrix.scales[row]!;
  }
  return scores;
}

function randomMatrix(rows: number, dimensions: number, seed: number, byteOffset: number): { matrix: VectorMatrix; query: Float32Array } {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // The vectors at an odd offset of a larger buffer, as a view into the cache file's bytes is.
  const data = new Int8Array(new ArrayBuffer(byteOffset + rows * dimensions), byteOffset, rows * dimensions);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(next() * 254) - 127;
  const matrix: VectorMatrix = {
    ids: Int32Array.from({ length: rows }, (_, row) => row + 1),
    languageIndex: new Uint8Array(rows),
    languages: ["typescript"],
    scales: Float32Array.from({ length: rows }, () => next() / 100),
    data,
    dimensions,
  };
  // Query values of every magnitude, so a sum taken in another order would round differently.
  const query = Float32Array.from({ length: dimensions }, () => (next() - 0.5) * 10 ** -Math.floor(next() * 8));
  return { matrix, query };
}

describe("scoreMatrix", () => {
  it("gives the plain loop's scores bit for bit, for any row count, width and alignment", () => {
    for (const [rows, dimensions, offset] of [
      [0, 8, 0],
      [1, 8, 1],
      [7, 16, 3],
      [4, 4, 0],
      [33, 256, 5],
      [10, 6, 0],
    ] as const) {
      const { matrix, query } = randomMatrix(rows, dimensions, rows * 31 + dimensions, offset);
      expect(Buffer.from(scoreMatrix(matrix, query).buffer)).toEqual(Buffer.from(plainScores(matrix, query).buffer));
    }
  });
});
