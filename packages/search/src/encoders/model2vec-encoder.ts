import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { TsiftError } from "@tsift/core";
import { normalize, type Encoder } from "./encoder";
import { loadTokenizer } from "./hf-tokenizer";
import { readSafetensors } from "./safetensors";

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
  const tensors = readSafetensors(modelBytes, ["embeddings", "weights", "mapping"], modelPath);
  const embeddings = tensors.get("embeddings");
  if (!embeddings || embeddings.shape.length !== 2) {
    throw new TsiftError("corrupt_data", `${modelPath} has no 2-D \`embeddings\` tensor`, { details: { file: modelPath } });
  }
  const [rows, dimensions] = embeddings.shape as [number, number];
  const weights = tensors.get("weights")?.data ?? null;
  const mapping = tensors.get("mapping")?.data ?? null;
  const maxTokens = options.maxTokens ?? 512;
  const digest = createHash("sha1")
    .update(tokenizerJson)
    .update(modelBytes.subarray(0, Math.min(modelBytes.length, 1 << 20)))
    .update(String(modelBytes.length))
    .digest("hex");
  const table = embeddings.data;
  // Tokens past maxTokens are dropped: a long text (a 20k-line module stretch) is tokenized
  // from a prefix that holds them, and whole only when that prefix came up short.
  const prefixChars = maxTokens * 8;
  const tokensOf = (text: string): number[] => {
    if (text.length > prefixChars) {
      const head = tokenizer.encode(text.slice(0, prefixChars), maxTokens + 1);
      // One token more than needed: the last word may have been cut by the slice.
      if (head.length > maxTokens) return head.slice(0, maxTokens);
    }
    return tokenizer.encode(text, maxTokens);
  };
  const unkId = tokenizer.unkId;
  return {
    id: `model2vec:${basename(dir)}:${digest.slice(0, 12)}`,
    dimensions,
    encode(texts) {
      return texts.map((text) => {
        // The hot loop of embedding a whole index: sums in doubles, the table read directly.
        const sum = new Float64Array(dimensions);
        let count = 0;
        for (const id of tokensOf(text)) {
          if (id === unkId) continue;
          const row = mapping ? mapping[id] : id;
          if (row === undefined || row < 0 || row >= rows) continue;
          const offset = row * dimensions;
          if (weights) {
            const scale = weights[id] ?? 1;
            for (let i = 0; i < dimensions; i++) sum[i]! += table[offset + i]! * scale;
          } else for (let i = 0; i < dimensions; i++) sum[i]! += table[offset + i]!;
          count++;
        }
        const vector = new Float32Array(dimensions);
        if (count > 0) for (let i = 0; i < dimensions; i++) vector[i] = sum[i]! / count;
        // Cosine ranking needs unit vectors whatever config.json's `normalize` says, so it is not read.
        return normalize(vector);
      });
    },
  };
}
