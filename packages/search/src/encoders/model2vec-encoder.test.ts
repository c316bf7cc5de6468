import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalize } from "./encoder";
import { shippedModelDir } from "./default-encoder";
import { loadTokenizer } from "./hf-tokenizer";
import { loadModel2VecEncoder } from "./model2vec-encoder";
import { readSafetensors } from "./safetensors";

describe("Model2Vec encoder", () => {
  it("sums each distinct token row once, times its count, bit for bit as the in-order mean", () => {
    const dir = shippedModelDir();
    const tokenizer = loadTokenizer(readFileSync(join(dir, "tokenizer.json"), "utf8"));
    const table = readSafetensors(readFileSync(join(dir, "model.safetensors")), ["embeddings"]).get("embeddings")!;
    const [, dimensions] = table.shape as [number, number];
    const reference = (text: string) => {
      const sum = new Float64Array(dimensions);
      let count = 0;
      for (const id of tokenizer.encode(text, 512)) {
        if (id === tokenizer.unkId) continue;
        for (let i = 0; i < dimensions; i++) sum[i]! += table.data[id * dimensions + i]!;
        count++;
      }
      const vector = new Float32Array(dimensions);
      if (count > 0) for (let i = 0; i < dimensions; i++) vector[i] = sum[i]! / count;
      return Array.from(normalize(vector));
    };
    const texts = [
      "retry a failed effect with exponential backoff",
      "export const retry = (self, policy) => retryOrElse(self, policy, (e) => fail(e))\n".repeat(30),
      "a a a a b b getHTTPResponse getHTTPResponse",
      "",
      "é中 unicode text falls back",
    ];
    const encoder = loadModel2VecEncoder(dir);
    encoder.encode(texts).forEach((vector, index) => expect(Array.from(vector)).toEqual(reference(texts[index]!)));
  });
});
