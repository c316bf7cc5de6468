/** The BPE encoding every pack is counted with (GPT-4o's and GPT-5's), by `@tsift/core/tokens`. */
export const PACK_TOKENIZER = "o200k_base";

/** Exact token count of a text under `PACK_TOKENIZER`. */
export type TokenCounter = (text: string) => number;

let loaded: Promise<TokenCounter> | null = null;

/**
 * The counter, loaded on first use: its first count reads the encoding's ranks (0.8 MB,
 * brotli-compressed), which only `tsift pack` should pay for.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loaded ??= import("@tsift/core/tokens").then((tokens) => tokens.countTokens);
  return loaded;
}
