import { TsiftError } from "@tsift/core";

// The subset of Hugging Face `tokenizer.json` that static-embedding models ship:
// Bert-style normalizers and pre-tokenizers, Metaspace, WordPiece and Unigram models.
// Anything else fails closed naming the component, rather than tokenizing wrongly.
type Spec = { type: string; [key: string]: unknown };

export interface Tokenizer {
  /** Token ids for `text`, unknown pieces included as the unk id (or dropped if there is none); at most `maxTokens`. */
  encode(text: string, maxTokens?: number): number[];
  /**
   * The same ids written into `out` (at most `out.length` of them); returns how many. With no
   * array per text and, for plain ASCII under a recognised BERT-style setup, one pass over
   * the characters instead of a regex pass per normalizer step.
   */
  encodeInto(text: string, out: Int32Array): number;
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
  if (model.type === "WordPiece") return wordPiece(model, normalize, split, asciiScan(spec.normalizer ?? null, spec.pre_tokenizer ?? null));
  if (model.type === "Unigram") return withEncodeInto(unigram(model, normalize, split));
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

/** The regexes a code tokenizer inserts a space with before a camel-case hump (`getHTTPResponse` -> `get HTTP Response`). */
const CAMEL_LOWER_UPPER = "(?<=[a-z0-9])(?=[A-Z])";
const CAMEL_ACRONYM_END = "(?<=[A-Z])(?=[A-Z][a-z])";

/**
 * Whether the normalizer and pre-tokenizer are a shape the one-pass ASCII scanner (see
 * scanAscii) reproduces exactly: a lower-casing BertNormalizer that cleans text, optionally
 * after the two camel-case Replace steps, then BertPreTokenizer. null for anything else.
 */
function asciiScan(normalizerSpec: Spec | null, preSpec: Spec | null): { camel: boolean } | null {
  if (preSpec?.type !== "BertPreTokenizer" || !normalizerSpec) return null;
  const isBert = (step: Spec | undefined) => step?.type === "BertNormalizer" && step.lowercase !== false && step.clean_text !== false;
  if (isBert(normalizerSpec)) return { camel: false };
  if (normalizerSpec.type !== "Sequence") return null;
  const steps = normalizerSpec.normalizers as Spec[];
  const camelStep = (step: Spec | undefined, regex: string) => {
    const pattern = step?.pattern as { Regex?: string } | undefined;
    return step?.type === "Replace" && pattern?.Regex === regex && step.content === " ";
  };
  if (steps.length === 3 && camelStep(steps[0], CAMEL_LOWER_UPPER) && camelStep(steps[1], CAMEL_ACRONYM_END) && isBert(steps[2])) return { camel: true };
  return null;
}

/** ASCII character classes for the scanner: a word character, whitespace, punctuation (a word of its own), or one it leaves to the regex path. */
const WORD = 0;
const SPACE = 1;
const PUNCT = 2;
const OTHER = 3;
const ASCII_CLASS = (() => {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    if (code === 9 || code === 10 || code === 11 || code === 12 || code === 13 || code === 32) table[code] = SPACE;
    else if (code < 32 || code === 127) table[code] = OTHER;
    else if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) table[code] = WORD;
    else table[code] = PUNCT;
  }
  return table;
})();
const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isDigit = (code: number) => code >= 48 && code <= 57;

function withEncodeInto(tokenizer: Omit<Tokenizer, "encodeInto">): Tokenizer {
  return {
    ...tokenizer,
    encodeInto(text, out) {
      const ids = tokenizer.encode(text, out.length);
      out.set(ids);
      return ids.length;
    },
  };
}

function wordPiece(model: Spec, normalize: (text: string) => string, split: (text: string) => string[], scan: { camel: boolean } | null): Tokenizer {
  // The parsed JSON object is the lookup table (a Map copy of 26k entries costs more than
  // the lookups save); without a prototype, `constructor` or `toString` is no token.
  const table = Object.setPrototypeOf(model.vocab as Record<string, number>, null) as Record<string, number | undefined>;
  const vocab = { get: (piece: string): number | undefined => table[piece] };
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
  const cachedPieces = (word: string): readonly number[] => {
    let pieces = cache.get(word);
    if (pieces === undefined) {
      if (cache.size >= WORD_CACHE_SIZE) cache.clear();
      cache.set(word, (pieces = piecesOf(word)));
    }
    return pieces;
  };
  // A punctuation character is always a word of its own: its pieces by character code.
  const punctPieces: (readonly number[])[] = [];
  for (let code = 0; code < 128; code++) if (ASCII_CLASS[code] === PUNCT) punctPieces[code] = piecesOf(String.fromCharCode(code));
  const regexInto = (text: string, out: Int32Array): number => {
    let n = 0;
    for (const word of split(normalize(text))) {
      if (!word) continue;
      for (const id of cachedPieces(word)) {
        if (n >= out.length) return n;
        out[n++] = id;
      }
    }
    return n;
  };
  /**
   * The regex path's ids for plain ASCII text in one pass: words end at whitespace and
   * punctuation (a word of its own) and, with `camel`, before an upper-case letter that
   * follows a lower-case letter or digit, or that follows an upper-case letter and precedes
   * a lower-case one, exactly where the two Replace steps insert their space (both look at
   * the text as it was). Returns -1 at the first character it does not handle (non-ASCII,
   * or a control character, which the normalizer deletes and so could glue two words), and
   * the caller falls back to the regex path. Stopping once `out` is full is exact: every
   * word written ended at a character already seen.
   */
  const scanInto = (text: string, out: Int32Array, camel: boolean): number => {
    const lower = text.toLowerCase();
    const length = text.length;
    let n = 0;
    let start = -1;
    const emit = (pieces: readonly number[]): boolean => {
      for (let k = 0; k < pieces.length; k++) {
        if (n >= out.length) return false;
        out[n++] = pieces[k]!;
      }
      return n < out.length;
    };
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      const kind = code < 128 ? ASCII_CLASS[code]! : OTHER;
      if (kind === WORD) {
        if (start < 0) start = i;
        else if (camel && isUpper(code)) {
          const before = text.charCodeAt(i - 1);
          if (isLower(before) || isDigit(before) || (isUpper(before) && i + 1 < length && isLower(text.charCodeAt(i + 1)))) {
            if (!emit(cachedPieces(lower.slice(start, i)))) return n;
            start = i;
          }
        }
        continue;
      }
      if (kind === OTHER) return -1;
      if (start >= 0) {
        if (!emit(cachedPieces(lower.slice(start, i)))) return n;
        start = -1;
      }
      if (kind === PUNCT && !emit(punctPieces[code]!)) return n;
    }
    if (start >= 0) emit(cachedPieces(lower.slice(start)));
    return n;
  };
  const encodeInto = (text: string, out: Int32Array): number => {
    if (out.length === 0) return 0;
    if (scan) {
      const n = scanInto(text, out, scan.camel);
      if (n >= 0) return n;
    }
    return regexInto(text, out);
  };
  return {
    unkId,
    get vocabSize() {
      return Object.keys(table).length;
    },
    encodeInto,
    encode(text, maxTokens = Infinity) {
      // A cut that fits a small buffer goes through encodeInto; any other cut is taken from the regex path's list.
      if (maxTokens <= 65_536) {
        const out = new Int32Array(Math.max(0, Math.floor(maxTokens)));
        return Array.from(out.subarray(0, encodeInto(text, out)));
      }
      const ids: number[] = [];
      for (const word of split(normalize(text))) {
        if (!word) continue;
        for (const id of cachedPieces(word)) ids.push(id);
        if (ids.length >= maxTokens) return ids.slice(0, maxTokens);
      }
      return ids;
    },
  };
}

function unigram(model: Spec, normalize: (text: string) => string, split: (text: string) => string[]): Omit<Tokenizer, "encodeInto"> {
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
