import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { chunkCount, chunkVectorFingerprint, vectorMatrixRows } from "@tsift/index/indexer";

/** Every stored vector of one encoder packed in chunk-id order, for a scan without per-row SQLite work. */
export interface VectorMatrix {
  ids: Int32Array;
  /** Index into `languages` per row. */
  languageIndex: Uint8Array;
  languages: string[];
  scales: Float32Array;
  data: Int8Array;
  dimensions: number;
}

/**
 * What the packed file must match: the index run, the version of this encoder's vectors
 * and the highest chunk id. Any index update or lazy embedding changes one of them.
 */
function fingerprint(db: Database.Database, encoderId: string): string {
  const { indexedAt, vectorsVersion, maxChunkId } = chunkVectorFingerprint(db, encoderId);
  return `${encoderId}|${indexedAt}|${vectorsVersion}|${maxChunkId}`;
}

/**
 * The encoder's vectors as one matrix, read from `cacheFile` when its fingerprint
 * matches the index, else built from SQLite (chunks joined to their vectors) and
 * written there for the next search. Reading one file replaces ~15k row reads and
 * buffer allocations per query on a large repository. Returns null when the encoder
 * has no vectors.
 */
export function loadVectorMatrix(db: Database.Database, encoderId: string, cacheFile: string | null): VectorMatrix | null {
  const print = fingerprint(db, encoderId);
  if (cacheFile) {
    // A serving process (daemon, MCP) keeps the last matrix of each cache file while the index is unchanged.
    const held = inMemory.get(cacheFile);
    if (held?.print === print) return held.matrix;
    const cached = readMatrix(cacheFile, print);
    if (cached) {
      inMemory.set(cacheFile, { print, matrix: cached });
      return cached;
    }
  }
  const rows = vectorMatrixRows(db, encoderId);
  if (rows.length === 0) return null;
  const dimensions = rows[0]![2].length - 4;
  const languages: string[] = [];
  const matrix: VectorMatrix = {
    ids: new Int32Array(rows.length),
    languageIndex: new Uint8Array(rows.length),
    languages,
    scales: new Float32Array(rows.length),
    data: new Int8Array(rows.length * dimensions),
    dimensions,
  };
  rows.forEach(([id, language, vector], row) => {
    matrix.ids[row] = id;
    let index = languages.indexOf(language);
    if (index < 0) index = languages.push(language) - 1;
    matrix.languageIndex[row] = index;
    matrix.scales[row] = vector.readFloatLE(0);
    matrix.data.set(new Int8Array(vector.buffer, vector.byteOffset + 4, dimensions), row * dimensions);
  });
  if (cacheFile) {
    writeMatrix(cacheFile, print, matrix);
    inMemory.set(cacheFile, { print, matrix });
  }
  return matrix;
}

const inMemory = new Map<string, { print: string; matrix: VectorMatrix }>();

interface MatrixHeader {
  fingerprint: string;
  rows: number;
  dimensions: number;
  languages: string[];
}

/**
 * Whether the packed cache proves that every chunk has a vector for the encoder: its
 * fingerprint matches the index and it holds one row per chunk (its rows are the chunks
 * joined to their vectors, so a chunk without one has no row). Reads only the file's
 * header, where counting the chunks that lack a vector reads the whole chunks table
 * (tens of MB on a large repository). False means "cannot tell": count with
 * `missingVectors`.
 */
export function cachedVectorsComplete(db: Database.Database, encoderId: string, cacheFile: string): boolean {
  const header = readHeader(cacheFile);
  if (!header || header.fingerprint !== fingerprint(db, encoderId)) return false;
  return header.rows === chunkCount(db);
}

function readHeader(file: string): MatrixHeader | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    // The header is one JSON line: the fingerprint and the language names, well under 64 KiB.
    const head = Buffer.alloc(1 << 16);
    const length = readSync(fd, head, 0, head.length, 0);
    const newline = head.subarray(0, length).indexOf(10);
    return newline < 0 ? null : (JSON.parse(head.subarray(0, newline).toString("utf8")) as MatrixHeader);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function readMatrix(file: string, print: string): VectorMatrix | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const newline = bytes.indexOf(10);
  if (newline < 0) return null;
  const header = JSON.parse(bytes.subarray(0, newline).toString("utf8")) as MatrixHeader;
  if (header.fingerprint !== print) return null;
  const n = header.rows;
  const size = n * header.dimensions;
  let at = newline + 1;
  if (bytes.length < at + 9 * n + size) return null;
  // Copies for the 4-byte arrays (typed arrays need aligned offsets the file layout does
  // not promise); views for the byte arrays, the vectors above all, which need none.
  const take = (length: number) => bytes.subarray(at, (at += length));
  const ids = new Int32Array(new Uint8Array(take(4 * n)).buffer);
  const languageIndex = new Uint8Array(take(n));
  const scales = new Float32Array(new Uint8Array(take(4 * n)).buffer);
  const vectors = take(size);
  const data = new Int8Array(vectors.buffer, vectors.byteOffset, size);
  return { ids, languageIndex, languages: header.languages, scales, data, dimensions: header.dimensions };
}

function writeMatrix(file: string, print: string, matrix: VectorMatrix): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const json = JSON.stringify({ fingerprint: print, rows: matrix.ids.length, dimensions: matrix.dimensions, languages: matrix.languages });
    // Spaces before the newline put the vectors at a multiple of 4 bytes, so a reader can scan them as 32-bit words in place.
    const length = Buffer.byteLength(json) + 1;
    const header = Buffer.from(`${json}${" ".repeat((4 - ((length + 9 * matrix.ids.length) % 4)) % 4)}\n`);
    const body = [matrix.ids, matrix.languageIndex, matrix.scales, matrix.data].map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    // Write then rename: a concurrent search never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([header, ...body]));
    renameSync(temporary, file);
  } catch {
    // a read-only checkout: search without the cache
  }
}

/** Whether this machine stores the low byte of a 32-bit word first (every platform Node ships for). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Each matrix's vectors as aligned 32-bit words (four int8 values each), made on first use. */
const wordsOf = new WeakMap<VectorMatrix, Int32Array | null>();

function packedWords(matrix: VectorMatrix): Int32Array | null {
  let words = wordsOf.get(matrix);
  if (words === undefined) {
    const { data } = matrix;
    if (!LITTLE_ENDIAN || matrix.dimensions % 4 !== 0) words = null;
    // A view of the cache file's bytes when they are aligned (writeMatrix pads its header so), else a copy.
    else if (data.byteOffset % 4 === 0) words = new Int32Array(data.buffer, data.byteOffset, data.length / 4);
    else words = new Int32Array(data.slice().buffer);
    wordsOf.set(matrix, words);
  }
  return words;
}

/** Scores every row against a unit query vector; returns row scores (dot products). */
export function scoreMatrix(matrix: VectorMatrix, query: Float32Array): Float32Array {
  const { data, scales, dimensions } = matrix;
  const rows = matrix.ids.length;
  const scores = new Float32Array(rows);
  // The hot loop of every dense search (rows x dimensions multiply-adds), with the query as
  // doubles (the same values a Float32Array read yields). Each row's sum adds its terms one
  // after another in dimension order, so scores are bit-identical to the plain loop.
  const q = Float64Array.from(query);
  const words = packedWords(matrix);
  let row = 0;
  if (words !== null) {
    // Four rows at a time, read four values per 32-bit load: four independent sums keep the
    // adders busy where one row's chain of additions waits on itself (about half the time).
    const stride = dimensions >> 2;
    for (; row + 4 <= rows; row += 4) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let word = row * stride, end = word + stride, i = 0; word < end; word++, i += 4) {
        const q0 = q[i]!;
        const q1 = q[i + 1]!;
        const q2 = q[i + 2]!;
        const q3 = q[i + 3]!;
        // Little-endian: the word's low byte is the first value; shifts sign-extend each byte.
        let v = words[word]!;
        s0 += q0 * ((v << 24) >> 24);
        s0 += q1 * ((v << 16) >> 24);
        s0 += q2 * ((v << 8) >> 24);
        s0 += q3 * (v >> 24);
        v = words[word + stride]!;
        s1 += q0 * ((v << 24) >> 24);
        s1 += q1 * ((v << 16) >> 24);
        s1 += q2 * ((v << 8) >> 24);
        s1 += q3 * (v >> 24);
        v = words[word + 2 * stride]!;
        s2 += q0 * ((v << 24) >> 24);
        s2 += q1 * ((v << 16) >> 24);
        s2 += q2 * ((v << 8) >> 24);
        s2 += q3 * (v >> 24);
        v = words[word + 3 * stride]!;
        s3 += q0 * ((v << 24) >> 24);
        s3 += q1 * ((v << 16) >> 24);
        s3 += q2 * ((v << 8) >> 24);
        s3 += q3 * (v >> 24);
      }
      scores[row] = s0 * scales[row]!;
      scores[row + 1] = s1 * scales[row + 1]!;
      scores[row + 2] = s2 * scales[row + 2]!;
      scores[row + 3] = s3 * scales[row + 3]!;
    }
  }
  for (let offset = row * dimensions; row < rows; row++, offset += dimensions) {
    let sum = 0;
    for (let i = 0; i < dimensions; i++) sum += q[i]! * data[offset + i]!;
    scores[row] = sum * scales[row]!;
  }
  return scores;
}
