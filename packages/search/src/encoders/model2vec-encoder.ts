import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { TsiftError } from "@tsift/core";
import { normalize, type Encoder } from "./encoder";
import { loadTokenizer } from "./hf-tokenizer";
import { decodeTensor, halfValues, readRawTensors, type RawTensor } from "./safetensors";

export interface Model2VecOptions {
  /** Tokens per text; longer texts are cut (Model2Vec's default is 512). */
  maxTokens?: number;
}

/**
 * A Model2Vec static-embedding model read from a local directory (`tokenizer.json` +
 * `model.safetensors`), e.g. `minishlab/potion-code-16M`
 * downloaded by the user. A text's vector is the mean of its tokens' rows (scaled by
 * the optional per-token `weights`, through the optional `mapping`), unknown tokens
 * left out, then L2-normalized. Nothing is ever downloaded: a missing file fails
 * closed with the directory to fix. The id includes a hash of the model files, so a
 * different model never reuses another's cached vectors.
 */
export function loadModel2VecEncoder(dir: string, options: Model2VecOptions = {}): Encoder {
  const tokenizerPath = join(dir, "tokenizer.json");
  const modelPath = join(dir, "model.safetensors");
  for (const path of [tokenizerPath, modelPath]) {
    if (!existsSync(path)) {
      throw new TsiftError(
        "not_found",
        `${path} is missing: --model needs a local Model2Vec directory (tokenizer.json + model.safetensors); tsift never downloads models`,
        {
          details: { dir, missing: path },
          hint: "point --model at a downloaded model directory, or omit it to use the built-in tsift-hash-v1 encoder",
        },
      );
    }
  }
  const tokenizerJson = readFileSync(tokenizerPath, "utf8");
  const modelBytes = readFileSync(modelPath);
  const tokenizer = loadTokenizer(tokenizerJson, tokenizerPath);
  const tensors = readRawTensors(modelBytes, ["embeddings", "weights", "mapping"], modelPath);
  const embeddings = tensors.get("embeddings");
  if (!embeddings || embeddings.shape.length !== 2) {
    throw new TsiftError("corrupt_data", `${modelPath} has no 2-D \`embeddings\` tensor`, { details: { file: modelPath } });
  }
  const [rows, dimensions] = embeddings.shape as [number, number];
  const decoded = (name: string) => {
    const raw = tensors.get(name);
    return raw ? decodeTensor(raw.bytes, raw.dtype, raw.count) : null;
  };
  const weights = decoded("weights");
  const mapping = decoded("mapping");
  const maxTokens = options.maxTokens ?? 512;
  const digest = createHash("sha1")
    .update(tokenizerJson)
    .update(modelBytes.subarray(0, Math.min(modelBytes.length, 1 << 20)))
    .update(String(modelBytes.length))
    .digest("hex");
  const table = lazyRows(embeddings, rows, dimensions);
  // Tokens past maxTokens are dropped: a long text (a 20k-line module stretch) is tokenized
  // from a prefix that holds them, and whole only when that prefix came up short.
  const prefixChars = maxTokens * 8;
  // One id buffer for every text (one slot more than kept: see below).
  const ids = new Int32Array(maxTokens + 1);
  const kept = ids.subarray(0, maxTokens);
  const tokensOf = (text: string): number => {
    if (text.length > prefixChars) {
      // One token more than needed: the last word may have been cut by the slice.
      if (tokenizer.encodeInto(text.slice(0, prefixChars), ids) > maxTokens) return maxTokens;
    }
    return tokenizer.encodeInto(text, kept);
  };
  const unkId = tokenizer.unkId;
  // Half-precision rows without per-token weights sum exactly in doubles in any order (every
  // value is a multiple of 2^-24 below 2^16, so even 512 of them need under 53 bits): each
  // distinct row is then added once, times its count, and the sum is the in-order one, bit
  // for bit. Code repeats its tokens, so this skips most of the row additions.
  const grouped = embeddings.dtype === "F16" && weights === null;
  const counts = new Uint16Array(rows);
  const touched = new Int32Array(maxTokens + 1);
  const sum = new Float64Array(dimensions);
  return {
    id: `model2vec:${basename(dir)}:${digest.slice(0, 12)}`,
    dimensions,
    encode(texts) {
      return texts.map((text) => {
        // The hot loop of embedding a whole index: sums in doubles, the table read directly.
        sum.fill(0);
        let count = 0;
        let distinct = 0;
        const n = tokensOf(text);
        for (let k = 0; k < n; k++) {
          const id = ids[k]!;
          if (id === unkId) continue;
          const row = mapping ? mapping[id] : id;
          if (row === undefined || row < 0 || row >= rows) continue;
          count++;
          if (grouped) {
            if (counts[row] === 0) touched[distinct++] = row;
            counts[row]!++;
            continue;
          }
          const offset = table.row(row);
          const data = table.data;
          if (weights) {
            const scale = weights[id] ?? 1;
            for (let i = 0; i < dimensions; i++) sum[i]! += data[offset + i]! * scale;
          } else for (let i = 0; i < dimensions; i++) sum[i]! += data[offset + i]!;
        }
        for (let t = 0; t < distinct; t++) {
          const row = touched[t]!;
          const times = counts[row]!;
          counts[row] = 0;
          const offset = table.row(row);
          const data = table.data;
          addRow(sum, data, offset, times, dimensions);
        }
        const vector = new Float32Array(dimensions);
        if (count > 0) for (let i = 0; i < dimensions; i++) vector[i] = sum[i]! / count;
        // Cosine ranking needs unit vectors whatever config.json's `normalize` says, so it is not read.
        return normalize(vector);
      });
    },
  };
}

/**
 * `sum += times * data[offset .. offset + dimensions)`, eight dimensions per iteration (a
 * third faster than the plain loop in V8; each dimension's additions keep their order).
 */
function addRow(sum: Float64Array, data: Float32Array, offset: number, times: number, dimensions: number): void {
  const unrolled = dimensions - (dimensions % 8);
  let i = 0;
  if (times === 1) {
    for (; i < unrolled; i += 8) {
      const at = offset + i;
      sum[i]! += data[at]!;
      sum[i + 1]! += data[at + 1]!;
      sum[i + 2]! += data[at + 2]!;
      sum[i + 3]! += data[at + 3]!;
      sum[i + 4]! += data[at + 4]!;
      sum[i + 5]! += data[at + 5]!;
      sum[i + 6]! += data[at + 6]!;
      sum[i + 7]! += data[at + 7]!;
    }
    for (; i < dimensions; i++) sum[i]! += data[offset + i]!;
    return;
  }
  for (; i < unrolled; i += 8) {
    const at = offset + i;
    sum[i]! += data[at]! * times;
    sum[i + 1]! += data[at + 1]! * times;
    sum[i + 2]! += data[at + 2]! * times;
    sum[i + 3]! += data[at + 3]! * times;
    sum[i + 4]! += data[at + 4]! * times;
    sum[i + 5]! += data[at + 5]! * times;
    sum[i + 6]! += data[at + 6]! * times;
    sum[i + 7]! += data[at + 7]! * times;
  }
  for (; i < dimensions; i++) sum[i]! += data[offset + i]! * times;
}

/**
 * The embedding table as float32 rows, a half-precision table decoded row by row on first
 * use: a query and its candidates touch a few thousand of the rows, so a search process
 * never pays for decoding all of them. `row(r)` returns the row's offset in `data`.
 */
function lazyRows(tensor: RawTensor, rows: number, dimensions: number): { data: Float32Array; row(r: number): number } {
  if (tensor.dtype !== "F16") {
    const data = decodeTensor(tensor.bytes, tensor.dtype, tensor.count);
    return { data, row: (r) => r * dimensions };
  }
  const data = new Float32Array(rows * dimensions);
  const ready = new Uint8Array(rows);
  const raw = tensor.bytes;
  const half = halfValues();
  return {
    data,
    row(r) {
      const offset = r * dimensions;
      if (ready[r] === 0) {
        ready[r] = 1;
        for (let i = 0, at = 2 * offset; i < dimensions; i++, at += 2) data[offset + i] = half[raw[at]! | (raw[at + 1]! << 8)]!;
      }
      return offset;
    },
  };
}
