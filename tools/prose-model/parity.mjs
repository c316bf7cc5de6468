// Encodes texts with @tsift/search's own tokenizer and Model2Vec encoder (the built
// package), for parity.py to compare with the Python tokenizer training used.
//
//   node tools/prose-model/parity.mjs MODEL_DIR < texts.json > encoded.json
import { readFileSync } from "node:fs";
import { join } from "node:path";

const search = await import(new URL("../../packages/search/dist/index.js", import.meta.url).href);
const dir = process.argv[2];
const texts = JSON.parse(readFileSync(0, "utf8"));
const tokenizer = search.loadTokenizer(readFileSync(join(dir, "tokenizer.json"), "utf8"));
const encoder = search.loadModel2VecEncoder(dir);
const vectors = await encoder.encode(texts);
const out = texts.map((text, i) => ({ ids: tokenizer.encode(text), vector: Array.from(vectors[i], (x) => Math.round(x * 1e6) / 1e6) }));
process.stdout.write(JSON.stringify({ id: encoder.id, dimensions: encoder.dimensions, out }));
