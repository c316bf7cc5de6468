import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";

/**
 * Exact token counts under `o200k_base`, the BPE encoding of GPT-4o, GPT-4.1, GPT-5 and the
 * o-series, with no tokenizer package: the encoding's ranks ship brotli-compressed in
 * `data/o200k_base.ranks.br` (0.8 MB, written by tools/generate-o200k-ranks.mjs from the
 * published `o200k_base.tiktoken`, whose SHA-256 it checks) and are read on the first count.
 *
 * The count is tiktoken's: the same pre-tokenizer pattern splits the text into pieces, and each
 * piece that is not one token is byte-pair merged, lowest rank first and leftmost on a tie.
 * Text that spells a special token (`<|endoftext|>`) counts as the ordinary text it is in a
 * file or a transcript. test/tokens.test.ts holds the counts to gpt-tokenizer's (which tsift
 * counted with before) on hundreds of this repository's files, non-ASCII text and random
 * strings, and to tiktoken's where gpt-tokenizer differs from it (U+FEFF, U+0085: see `PIECE`).
 */
export const TOKEN_ENCODING = "o200k_base";

/** How many ranks `o200k_base` has, special tokens aside: the data file holds exactly these. */
export const O200K_RANK_COUNT = 199_998;

const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;

/**
 * tiktoken's pre-tokenizer for o200k_base: no token spans two of the pieces it matches. Its
 * `\s` is Unicode's White_Space, spelled out: JavaScript's `\s` differs (U+FEFF in, U+0085
 * out), which is where gpt-tokenizer's counts part from tiktoken's.
 */
const PIECE = new RegExp(
  [
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}`,
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}`,
    String.raw`\p{N}{1,3}`,
    String.raw` ?[^\p{White_Space}\p{L}\p{N}]+[\r\n/]*`,
    String.raw`\p{White_Space}*[\r\n]+`,
    String.raw`\p{White_Space}+(?!\P{White_Space})`,
    String.raw`\p{White_Space}+`,
  ].join("|"),
  "gu",
);

const NON_ASCII = /[^\x00-\x7f]/;

/** Pieces already counted, with their counts: cleared when full, which bounds memory and costs a recount. */
const counted = new Map<string, number>();
const COUNTED_MAX = 100_000;

let ranks: Map<string, number> | undefined;

/** Where the ranks ship: `data/`, beside `src/` and `dist/` alike. */
export function o200kRanksPath(): string {
  return fileURLToPath(new URL("../data/o200k_base.ranks.br", import.meta.url));
}

/**
 * The ranks, keyed by each token's bytes as a latin1 string (one character per byte). The file
 * holds the tokens in rank order, each as its length in bytes (one byte) and then its bytes.
 */
export function readO200kRanks(path = o200kRanksPath()): Map<string, number> {
  const raw = brotliDecompressSync(readFileSync(path));
  const bytes = raw.toString("latin1");
  const table = new Map<string, number>();
  let at = 0;
  while (at < raw.length) {
    const end = at + 1 + raw[at]!;
    table.set(bytes.slice(at + 1, end), table.size);
    at = end;
  }
  if (at !== raw.length || table.size !== O200K_RANK_COUNT) throw new Error(`${path} does not hold o200k_base's ranks (${table.size} tokens read)`);
  return table;
}

/** The tokens a piece's bytes (`key`, latin1) merge into: tiktoken's byte-pair merge, lowest rank first, leftmost on a tie. */
function mergedCount(key: string, table: Map<string, number>): number {
  const n = key.length;
  // Part i is key[starts[i], starts[i + 1]); pair[i] is the rank of parts i and i + 1 as one token.
  const starts = new Int32Array(n + 1);
  const pair = new Float64Array(n);
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i < n - 1; i++) pair[i] = table.get(key.slice(i, i + 2)) ?? Infinity;
  pair[n - 1] = Infinity;
  let parts = n;
  while (parts > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if (pair[i]! < lowest) {
        lowest = pair[i]!;
        at = i;
      }
    }
    if (at === -1) break;
    starts.copyWithin(at + 1, at + 2, parts + 1);
    pair.copyWithin(at, at + 1, parts);
    parts--;
    pair[at] = at + 1 < parts ? (table.get(key.slice(starts[at], starts[at + 2])) ?? Infinity) : Infinity;
    if (at > 0) pair[at - 1] = table.get(key.slice(starts[at - 1], starts[at + 1])) ?? Infinity;
  }
  return parts;
}

/**
 * A piece that is one token counts 1 without merging (every o200k_base token merges back from
 * its own bytes, so this saves time and changes no count). A lone surrogate encodes as U+FFFD,
 * as TextEncoder and tiktoken's replacement do.
 */
function pieceCount(piece: string, table: Map<string, number>): number {
  const key = NON_ASCII.test(piece) ? Buffer.from(piece, "utf8").toString("latin1") : piece;
  return table.has(key) ? 1 : mergedCount(key, table);
}

/** The exact `o200k_base` token count of `text` (0 for ""). The first call reads the ranks (about 0.2 s of CPU). */
export function countTokens(text: string): number {
  const table = (ranks ??= readO200kRanks());
  let count = 0;
  PIECE.lastIndex = 0;
  for (let match = PIECE.exec(text); match !== null; match = PIECE.exec(text)) {
    const piece = match[0];
    let tokens = counted.get(piece);
    if (tokens === undefined) {
      tokens = pieceCount(piece, table);
      if (counted.size >= COUNTED_MAX) counted.clear();
      counted.set(piece, tokens);
    }
    count += tokens;
  }
  return count;
}
