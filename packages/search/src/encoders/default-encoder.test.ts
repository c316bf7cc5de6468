import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveEncoder, SHIPPED_MODEL, shippedModelDir } from "./default-encoder";
import { HASH_ENCODER_ID } from "./hash-encoder";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A two-dimensional WordPiece model: `retry`/`back`/`##off` along one axis, `render`/`table` along the other. */
function tinyModel(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-tiny-model-"));
  dirs.push(dir);
  const vocab = ["[PAD]", "[UNK]", "retry", "back", "##off", "render", "table"];
  writeFileSync(
    join(dir, "tokenizer.json"),
    JSON.stringify({
      normalizer: { type: "BertNormalizer", lowercase: true },
      pre_tokenizer: { type: "BertPreTokenizer" },
      model: {
        type: "WordPiece",
        unk_token: "[UNK]",
        continuing_subword_prefix: "##",
        max_input_chars_per_word: 100,
        vocab: Object.fromEntries(vocab.map((token, id) => [token, id])),
      },
    }),
  );
  const rows = [
    [0, 0],
    [0, 0],
    [1, 0],
    [0.9, 0.1],
    [0.8, 0],
    [0, 1],
    [0.1, 0.9],
  ];
  const data = Buffer.alloc(rows.length * 2 * 4);
  rows.flat().forEach((value, index) => data.writeFloatLE(value, index * 4));
  const header = Buffer.from(JSON.stringify({ embeddings: { dtype: "F32", shape: [rows.length, 2], data_offsets: [0, data.length] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  writeFileSync(join(dir, "model.safetensors"), Buffer.concat([length, header, data]));
  return dir;
}

describe("resolveEncoder", () => {
  it("loads a Model2Vec directory as the default model and keeps it for the process", () => {
    const dir = tinyModel();
    const first = resolveEncoder(null, dir);
    expect(first.warning).toBeUndefined();
    expect(first.encoder.id).toMatch(/^model2vec:tsift-tiny-model-\w+:[0-9a-f]{12}$/);
    expect(resolveEncoder(null, dir)).toBe(first);
    const [retry, backoff, table] = first.encoder.encode(["retry", "back off", "render the table"]);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    expect(dot(retry!, backoff!)).toBeGreaterThan(dot(retry!, table!));
  });

  it("falls back to the hash encoder, saying why, when the shipped model cannot be read", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsift-no-model-"));
    dirs.push(dir);
    const resolved = resolveEncoder(null, dir);
    expect(resolved.encoder.id).toBe(HASH_ENCODER_ID);
    expect(resolved.warning).toContain(`shipped ${SHIPPED_MODEL} model could not be loaded`);
    expect(resolved.warning).toContain("tokenizer.json is missing");
  });

  it("fails closed on a --model directory that is not a model, and names the hash encoder by its id", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsift-not-a-model-"));
    dirs.push(dir);
    expect(() => resolveEncoder(dir)).toThrow(expect.objectContaining({ code: "not_found" }));
    expect(resolveEncoder(HASH_ENCODER_ID).encoder.id).toBe(HASH_ENCODER_ID);
  });

  it("finds the shipped model beside this package's package.json, and loads it offline", () => {
    const dir = shippedModelDir();
    expect(dir.split(/[\\/]/).slice(-3)).toEqual(["search", "models", SHIPPED_MODEL]);
    expect(existsSync(join(dir, "tokenizer.json")) && existsSync(join(dir, "model.safetensors"))).toBe(true);
    const resolved = resolveEncoder(null);
    expect(resolved.warning).toBeUndefined();
    expect(resolved.encoder.id).toMatch(new RegExp(`^model2vec:${SHIPPED_MODEL}:[0-9a-f]{12}$`));
    const [vector] = resolved.encoder.encode(["retry a failed upload with exponential backoff"]);
    expect(Math.hypot(...vector!)).toBeCloseTo(1, 4);
  });
});
