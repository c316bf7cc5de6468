import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { indexLocation, updateIndex } from "@tsift/index";
import {
  createHashEncoder,
  denseRank,
  denseSearch,
  ensureVectors,
  loadModel2VecEncoder,
  loadVectorMatrix,
  missingVectors,
  relatedChunks,
  transientVectors,
} from "../src/index";
import { FIXTURE, indexedProject } from "./fixture";

const project = await indexedProject();
const encoder = createHashEncoder();

describe("dense vectors and hybrid search", () => {
  it("embeds lazily, once per content, and prunes vectors of vanished chunks", () => {
    const db = project.open(false);
    expect(missingVectors(db, encoder.id)).toBeGreaterThan(0);
    const first = ensureVectors(db, encoder);
    expect(first.embedded).toBeGreaterThan(0);
    expect(missingVectors(db, encoder.id)).toBe(0);
    expect(ensureVectors(db, encoder).embedded).toBe(0);
    db.prepare("INSERT INTO chunk_vectors (encoder, hash, vector) VALUES (?, 'gone', x'00')").run(encoder.id);
    expect(ensureVectors(db, encoder).pruned).toBe(1);
    db.close();
  });

  it("semantic finds a paraphrase; hybrid fuses it with BM25 and reports its alpha", () => {
    const db = project.open(false);
    ensureVectors(db, encoder);
    const semantic = denseSearch(db, "retrying failed operations with growing delays", "semantic", { limit: 3, encoder });
    expect(semantic.hits[0]).toMatchObject({ path: "src/retry.ts", source: "dense" });
    const hybrid = denseSearch(db, "how does the retry delay grow", "hybrid", { limit: 3, encoder });
    expect(hybrid.hits[0]).toMatchObject({ path: "src/retry.ts", source: "hybrid" });
    expect(hybrid.alpha).toBe(0.6);
    expect(denseSearch(db, "getUserName", "hybrid", { limit: 3, encoder }).alpha).toBe(0.2);
    expect(denseSearch(db, "user", "hybrid", { limit: 3, encoder, alpha: 0.9 }).alpha).toBe(0.9);
    expect(denseSearch(db, "retry delay", "hybrid", { limit: 5, encoder })).toEqual(denseSearch(db, "retry delay", "hybrid", { limit: 5, encoder }));
    db.close();
  });

  it("answers from in-memory vectors when none are stored", async () => {
    const fresh = await indexedProject();
    const db = fresh.open();
    const extra = transientVectors(db, encoder);
    expect(extra.size).toBe(missingVectors(db, encoder.id));
    expect(denseSearch(db, "the delay doubles after every attempt", "semantic", { limit: 1, encoder, extra }).hits[0]!.path).toBe("src/retry.ts");
    db.close();
  });

  it("related code: same language first, never the source chunk", async () => {
    const withStore = await indexedProject({ ...FIXTURE, "tools/store.py": "def load_user_name(user_id):\n    return STORE.get(user_id)\n" });
    const db = withStore.open(false);
    ensureVectors(db, encoder);
    const related = relatedChunks(db, "tools/cache.py", 1, { encoder, limit: 3 });
    expect(related.source).toMatchObject({ path: "tools/cache.py", language: "python" });
    expect(related.hits.length).toBeGreaterThan(0);
    expect(related.hits.every((hit) => !(hit.path === "tools/cache.py" && hit.start_line === related.source.start_line))).toBe(true);
    expect(related.hits[0]!.language).toBe("python");
    expect(() => relatedChunks(db, "nope.ts", 1, { encoder, limit: 3 })).toThrow(expect.objectContaining({ code: "not_found" }));
    db.close();
  });
});

/** A Model2Vec directory in the real format: a WordPiece tokenizer.json and an F32 `embeddings` safetensors. */
function tinyModel(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-m2v-"));
  const vocab = ["[PAD]", "[UNK]", "retry", "##ing", "delay", "user", "name", "cache", "back", "##off"];
  writeFileSync(
    join(dir, "tokenizer.json"),
    JSON.stringify({
      normalizer: { type: "BertNormalizer", lowercase: true, clean_text: true, handle_chinese_chars: true, strip_accents: null },
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
  const dims = 4;
  // Retry-ish tokens point one way, user-ish tokens another.
  const rows = [
    [0, 0, 0, 0],
    [0, 0, 0, 1],
    [1, 0, 0, 0],
    [0.5, 0.1, 0, 0],
    [0.9, 0.2, 0, 0],
    [0, 1, 0, 0],
    [0, 0.9, 0.1, 0],
    [0, 0.2, 1, 0],
    [0.8, 0, 0, 0],
    [0.7, 0, 0.1, 0],
  ];
  const data = Buffer.alloc(rows.length * dims * 4);
  rows.flat().forEach((value, index) => data.writeFloatLE(value, index * 4));
  const header = Buffer.from(
    JSON.stringify({ __metadata__: { format: "pt" }, embeddings: { dtype: "F32", shape: [rows.length, dims], data_offsets: [0, data.length] } }),
  );
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  writeFileSync(join(dir, "model.safetensors"), Buffer.concat([length, header, data]));
  return dir;
}

describe("Model2Vec encoder (local directory, never downloads)", () => {
  it("tokenizes with WordPiece, mean-pools token rows and normalizes", () => {
    const model = loadModel2VecEncoder(tinyModel());
    expect(model.dimensions).toBe(4);
    expect(model.id).toMatch(/^model2vec:tsift-m2v-\w+:[0-9a-f]{12}$/);
    const [retrying, backoff, user, unknown] = model.encode(["Retrying", "backoff delay", "user name", "zzz"]);
    // retry [1, 0, 0, 0] and ##ing [0.5, 0.1, 0, 0]: mean [0.75, 0.05, 0, 0], normalized.
    expect(Array.from(retrying!).map((v) => Math.round(v * 1000) / 1000)).toEqual([0.998, 0.067, 0, 0]);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    expect(dot(retrying!, backoff!)).toBeGreaterThan(dot(retrying!, user!));
    expect(Array.from(unknown!)).toEqual([0, 0, 0, 0]);
  });

  it("drives semantic search through the same vector cache", async () => {
    const fresh = await indexedProject();
    const db = fresh.open(false);
    const model = loadModel2VecEncoder(tinyModel());
    expect(ensureVectors(db, model).embedded).toBeGreaterThan(0);
    expect(missingVectors(db, encoder.id)).toBeGreaterThan(0);
    const top = denseSearch(db, "cache user name", "semantic", { limit: 2, encoder: model }).hits.map((hit) => hit.path);
    expect(top).toContain("tools/cache.py");
    db.close();
  });

  it("fails closed on a missing file or an unsupported tokenizer", () => {
    const empty = mkdtempSync(join(tmpdir(), "tsift-m2v-"));
    try {
      loadModel2VecEncoder(empty);
      expect.unreachable();
    } catch (error) {
      expect(isTsiftError(error, "not_found")).toBe(true);
    }
    const dir = tinyModel();
    writeFileSync(join(dir, "tokenizer.json"), JSON.stringify({ model: { type: "BPE", vocab: {}, merges: [] } }));
    expect(() => loadModel2VecEncoder(dir)).toThrow(expect.objectContaining({ code: "unsupported" }));
  });
});

describe("packed vector matrix cache", () => {
  it("ranks exactly like the SQLite scan and is rebuilt when the vectors change", async () => {
    const { mkdtempSync: tmp, existsSync } = await import("node:fs");
    const fresh = await indexedProject();
    const db = fresh.open(false);
    ensureVectors(db, encoder);
    const cacheFile = join(tmp(join(tmpdir(), "tsift-vec-")), "vectors.bin");
    const query = encoder.encode(["user name cache"])[0]!;
    const plain = denseRank(db, encoder.id, query, { limit: 5 });
    expect(denseRank(db, encoder.id, query, { limit: 5, cacheFile })).toEqual(plain.map((match) => ({ ...match, score: expect.closeTo(match.score, 5) })));
    expect(existsSync(cacheFile)).toBe(true);
    // Read back from the file.
    expect(denseRank(db, encoder.id, query, { limit: 5, cacheFile }).map((match) => match.id)).toEqual(plain.map((match) => match.id));
    const model = loadModel2VecEncoder(tinyModel());
    ensureVectors(db, model);
    expect(loadVectorMatrix(db, model.id, cacheFile)!.dimensions).toBe(4);
    expect(loadVectorMatrix(db, encoder.id, cacheFile)!.dimensions).toBe(512);
    db.close();
  });

  it("a process holding the index open ranks from the new index after an update", async () => {
    const { chunksById } = await import("@tsift/index/indexer");
    const fresh = await indexedProject();
    const cacheFile = join(mkdtempSync(join(tmpdir(), "tsift-vec-")), "vectors.bin");
    // One connection for every search, as the daemon and the MCP server hold it.
    const reader = fresh.open(true);
    const embed = () => {
      const writer = fresh.open(false);
      ensureVectors(writer, encoder);
      writer.close();
    };
    embed();
    const query = encoder.encode(["parse cron schedule expression"])[0]!;
    const files = () => {
      const ids = denseRank(reader, encoder.id, query, { limit: 3, cacheFile }).map((match) => match.id);
      const chunks = chunksById(reader, ids);
      return ids.map((id) => chunks.get(id)!.file);
    };
    expect(files()).not.toContain("src/cron.ts");
    const rows = loadVectorMatrix(reader, encoder.id, cacheFile)!.ids.length;
    writeFileSync(
      join(fresh.root, "src", "cron.ts"),
      "export function parseCronScheduleExpression(expression: string): string[] {\n  return expression.split(' ');\n}\n",
    );
    await updateIndex(indexLocation(fresh.root));
    embed();
    expect(loadVectorMatrix(reader, encoder.id, cacheFile)!.ids.length).toBe(rows + 1);
    expect(files()[0]).toBe("src/cron.ts");
    reader.close();
  });
});
