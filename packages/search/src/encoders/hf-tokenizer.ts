import { TsiftError } from "@tsift/core";

// The subset of Hugging Face `tokenizer.json` that static-embedding models ship:
// Bert-style normalizers and pre-tokenizers, Metaspace, WordPiece and Unigram models.
// Anything else fails closed naming the component, rather than tokenizing wrongly.
type Spec = { type: string; [key: string]: unknown };

export interface Tokenizer {
  /** Token ids for `text`, unknown pieces included as the unk id (or dropped if there is none); at most `maxTokens`. */
  encode(text: string, maxTokens?: number): number[];
  unkId: number | null;
  vocabSize: number;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const BERT_WORD = /[\p{P}\p{S}]|[^\s\p{P}\p{S}]+/gu;
/** The same for ASCII text, where every printable character that is no letter or digit is punctuation or a symbol. */
const ASCII_BERT_WORD = /[!-/:-@[-`{-~]|[^\s!-/:-@[-`{-~]+/g;
const NON_ASCII = /[^\x00-\x7f]/;
const CONTROL = /[\p{Cc}\p{Cf}]/gu;
const ASCII_CONTROL = /[\x00-\x1f\x7f]/g;
/** Words a tokenizer keeps the pieces of: code repeats its identifiers, so most words are seen before. */
const WORD_CACHE_SIZE = 200_000;
const CJK = /[\u4E00-\u9FFF\u3400-\u4DBF\u{20000}-\u{2A6DF}\uF900-\uFAFF]/gu;

export function loadTokenizer(json: string, file = "tokenizer.json"): Tokenizer {
  let spec: { normalizer?: Spec | null; pre_tokenizer?: Spec | null; model?: Spec };
  try {
    spec = JSON.parse(json) as typeof spec;
  } catch (error) {
    throw new TsiftError("corrupt_data", `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const model = spec.model;
  if (!model) throw unsupported(file, "no model section");
  const normalize = normalizer(spec.normalizer ?? null, file);
  const split = preTokenizer(spec.pre_tokenizer ?? null, file);
  if (model.type === "WordPiece") return wordPiece(model, normalize, split);
  if (model.type === "Unigram") return unigram(model, normalize, split);
  throw unsupported(file, `tokenizer model ${model.type}`);
}

function unsupported(file: string, what: string): TsiftError {
  return new TsiftError("unsupported", `${file}: ${what} is not supported (WordPiece and Unigram static-embedding tokenizers are)`);
}

function normalizer(spec: Spec | null, file: string): (text: string) => string {
  if (!spec) return (text) => text;
  switch (spec.type) {
    case "BertNormalizer": {
      const lowercase = spec.lowercase !== false;
      const strip = spec.strip_accents === null || spec.strip_accents === undefined ? lowercase : spec.strip_accents === true;
      return (text) => {
        // Plain ASCII (most code) has no accents, CJK or format characters: the Unicode passes are skipped.
        const ascii = !NON_ASCII.test(text);
        // Whitespace (control characters included) becomes a space; other control and format characters go.
        let out = spec.clean_text === false ? text : text.replace(/\s/g, " ").replace(ascii ? ASCII_CONTROL : CONTROL, "");
        if (spec.handle_chinese_chars !== false && !ascii) out = out.replace(CJK, (c) => ` ${c} `);
        if (lowercase) out = out.toLowerCase();
        if (strip && !ascii) out = stripAccents(out);
        return out;
      };
    }
    case "Lowercase":
      return (text) => text.toLowerCase();
    case "StripAccents":
      return stripAccents;
    case "NFD":
    case "NFKD":
    case "NFC":
    case "NFKC":
      return (text) => text.normalize(spec.type as "NFD");
    case "Strip":
      return (text) => text.trim();
    case "Prepend":
      return (text) => `${String(spec.prepend)}${text}`;
    case "Replace": {
      const pattern = spec.pattern as { String?: string; Regex?: string };
      const regex = pattern.Regex !== undefined ? new RegExp(pattern.Regex, "gu") : new RegExp(escape(pattern.String ?? ""), "g");
      return (text) => text.replace(regex, String(spec.content ?? ""));
    }
    case "Sequence": {
      const steps = (spec.normalizers as Spec[]).map((step) => normalizer(step, file));
      return (text) => steps.reduce((acc, step) => step(acc), text);
    }
    default:
      throw unsupported(file, `normalizer ${spec.type}`);
  }
}

function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{Mn}/gu, "");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function preTokenizer(spec: Spec | null, file: string): (text: string) => string[] {
  if (!spec) return (text) => [text];
  switch (spec.type) {
    case "BertPreTokenizer":
      // Whitespace splits, and every punctuation or symbol character is a word of its own.
      return (text) => text.match(NON_ASCII.test(text) ? BERT_WORD : ASCII_BERT_WORD) ?? [];
    case "Whitespace":
      return (text) => text.match(/\w+|[^\w\s]+/gu) ?? [];
    case "WhitespaceSplit":
      return (text) => text.split(/\s+/).filter(Boolean);
    case "Punctuation":
      return splitPunctuation;
    case "Digits":
      return (text) => (spec.individual_digits ? (text.match(/\d|\D+/g) ?? []) : (text.match(/\d+|\D+/g) ?? []));
    case "Metaspace": {
      const replacement = String(spec.replacement ?? "▁");
      const prepend = spec.prepend_scheme !== undefined ? spec.prepend_scheme !== "never" : spec.add_prefix_space !== false;
      return (text) => {
        let out = text.replace(/ /g, replacement);
        if (prepend && !out.startsWith(replacement)) out = replacement + out;
        if (spec.split === false) return [out];
        return out.split(new RegExp(`(?=${escape(replacement)})`, "u")).filter(Boolean);
      };
    }
    case "Sequence": {
      const steps = (spec.pretokenizers as Spec[]).map((step) => preTokenizer(step, file));
      return (text) => steps.reduce<string[]>((pieces, step) => pieces.flatMap(step), [text]);
    }
    default:
      throw unsupported(file, `pre-tokenizer ${spec.type}`);
  }
}

function splitPunctuation(word: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const char of word) {
    if (PUNCTUATION.test(char)) {
      if (current) out.push(current);
      out.push(char);
      current = "";
    } else current += char;
  }
  if (current) out.push(current);
  return out;
}

function wordPiece(model: Spec, normalize: (text: string) => string, split: (text: string) => string[]): Tokenizer {
  const vocab = new Map(Object.entries(model.vocab as Record<string, number>));
  const prefix = String(model.continuing_subword_prefix ?? "##");
  const maxChars = Number(model.max_input_chars_per_word ?? 100);
  const unkId = vocab.get(String(model.unk_token ?? "[UNK]")) ?? null;
  const unknown: readonly number[] = unkId !== null ? [unkId] : [];
  const cache = new Map<string, readonly number[]>();
  const piecesOf = (word: string): readonly number[] => {
    // Code points, not UTF-16 units: a piece never splits a surrogate pair.
    const chars = /[\uD800-\uDFFF]/.test(word) ? Array.from(word) : null;
    const length = chars ? chars.length : word.length;
    if (length > maxChars) return unknown;
    const pieces: number[] = [];
    let start = 0;
    // Greedy longest match first, the WordPiece rule.
    while (start < length) {
      let end = length;
      let found: number | undefined;
      while (start < end) {
        const text = chars ? chars.slice(start, end).join("") : word.slice(start, end);
        found = vocab.get(start > 0 ? prefix + text : text);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return unknown;
      pieces.push(found);
      start = end;
    }
    return pieces;
  };
  return {
    unkId,
    vocabSize: vocab.size,
    encode(text, maxTokens = Infinity) {
      const ids: number[] = [];
      for (const word of split(normalize(text))) {
        if (!word) continue;
        let pieces = cache.get(word);
        if (pieces === undefined) {
          if (cache.size >= WORD_CACHE_SIZE) cache.clear();
          cache.set(word, (pieces = piecesOf(word)));
        }
        for (const id of pieces) ids.push(id);
        if (ids.length >= maxTokens) return ids.slice(0, maxTokens);
      }
      return ids;
    },
  };
}

function unigram(model: Spec, normalize: (text: string) => string, split: (text: string) => string[]): Tokenizer {
  const entries = model.vocab as [string, number][];
  const vocab = new Map<string, { id: number; score: number }>();
  let longest = 0;
  entries.forEach(([piece, score], id) => {
    vocab.set(piece, { id, score });
    longest = Math.max(longest, Array.from(piece).length);
  });
  const unkId = typeof model.unk_id === "number" ? model.unk_id : null;
  const unkScore = Math.min(...entries.map(([, score]) => score)) - 10;
  return {
    unkId,
    vocabSize: entries.length,
    encode(text, maxTokens = Infinity) {
      const ids: number[] = [];
      for (const word of split(normalize(text))) {
        const chars = Array.from(word);
        // Viterbi over piece boundaries: best[i] = best score of a segmentation of chars[0, i).
        const best = new Array<number>(chars.length + 1).fill(-Infinity);
        const back = new Array<{ from: number; id: number | null }>(chars.length + 1);
        best[0] = 0;
        for (let end = 1; end <= chars.length; end++) {
          for (let start = Math.max(0, end - longest); start < end; start++) {
            if (best[start] === -Infinity) continue;
            const entry = vocab.get(chars.slice(start, end).join(""));
            const score = entry ? entry.score : end - start === 1 ? unkScore : -Infinity;
            if (best[start]! + score > best[end]!) {
              best[end] = best[start]! + score;
              back[end] = { from: start, id: entry ? entry.id : null };
            }
          }
        }
        const pieces: number[] = [];
        for (let at = chars.length; at > 0; at = back[at]!.from) {
          const id = back[at]!.id ?? unkId;
          if (id !== null) pieces.push(id);
        }
        ids.push(...pieces.reverse());
        if (ids.length >= maxTokens) return ids.slice(0, maxTokens);
      }
      return ids;
    },
  };
}
