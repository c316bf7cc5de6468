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
    const header = Buffer.from(
      `${JSON.stringify({ fingerprint: print, rows: matrix.ids.length, dimensions: matrix.dimensions, languages: matrix.languages })}\n`,
    );
    const body = [matrix.ids, matrix.languageIndex, matrix.scales, matrix.data].map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    // Write then rename: a concurrent search never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([header, ...body]));
    renameSync(temporary, file);
  } catch {
    // a read-only checkout: search without the cache
  }
}

/** Scores every row against a unit query vector; returns row scores (dot products). */
export function scoreMatrix(matrix: VectorMatrix, query: Float32Array): Float32Array {
  const { data, scales, dimensions } = matrix;
  const scores = new Float32Array(matrix.ids.length);
  // The hot loop of every dense search (rows x dimensions multiply-adds): the query as
  // doubles (the same values a Float32Array read yields) and four terms per iteration,
  // still added one after another, so the sums are bit-identical to the plain loop at
  // about 60% of its time.
  const q = Float64Array.from(query);
  const unrolled = dimensions - (dimensions % 4);
  for (let row = 0, offset = 0; row < scores.length; row++, offset += dimensions) {
    let sum = 0;
    let i = 0;
    for (; i < unrolled; i += 4) {
      const at = offset + i;
      sum += q[i]! * data[at]!;
      sum += q[i + 1]! * data[at + 1]!;
      sum += q[i + 2]! * data[at + 2]!;
      sum += q[i + 3]! * data[at + 3]!;
    }
    for (; i < dimensions; i++) sum += q[i]! * data[offset + i]!;
    scores[row] = sum * scales[row]!;
  }
  return scores;
}
