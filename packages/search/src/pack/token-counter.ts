/** The BPE encoding every pack is counted with (GPT-4o's and GPT-5's), from gpt-tokenizer. */
export const PACK_TOKENIZER = "o200k_base";

/** Exact token count of a text under `PACK_TOKENIZER`. */
export type TokenCounter = (text: string) => number;

let loaded: Promise<TokenCounter> | null = null;

/**
 * The counter, loaded on first use: the encoding's rank table is a few MB of JavaScript,
 * which only `tsift pack` should pay for.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loaded ??= import("gpt-tokenizer/encoding/o200k_base").then((encoding) => (text: string) => (text === "" ? 0 : encoding.countTokens(text)));
  return loaded;
}
