import { splitIdentifier } from "@tsift/graph";

export interface QueryTermsOptions {
  /**
   * Lower-case words to drop when they stand alone (a stop word inside an
   * identifier, like `is` in `isReady`, is kept). Default: none, so FTS
   * enrichment sees every word; symbol ranking passes `QUERY_STOP_WORDS`.
   */
  stopWords?: ReadonlySet<string>;
}

// Identifier-ish tokens: letters, digits and the joiners identifiers use. Other
// punctuation (`.`, `/`, `:`, `(`, quotes) separates tokens, so `fs.readFile`
// yields `fs` and `readfile` as two identifiers.
const TOKEN = /[\p{L}\p{N}_$-]+/gu;
const EDGE_JOINERS = /^[_$-]+|[_$-]+$/g;

/**
 * Terms of free text for search: each token's parts (`splitIdentifier`), preceded
 * by the whole token lower-cased when it has more than one part, so an exact
 * identifier match can outrank a match on its pieces. Terms are unique and in
 * first-appearance order, which makes the output deterministic.
 *
 * `queryTerms("find getUserName in user_store")`
 *   -> ["find", "getusername", "get", "user", "name", "in", "user_store", "store"]
 */
export function queryTerms(text: string, options: QueryTermsOptions = {}): string[] {
  const stopWords = options.stopWords;
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (term: string): void => {
    if (!seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(EDGE_JOINERS, "");
    const parts = splitIdentifier(token);
    if (parts.length === 0) continue;
    if (parts.length === 1) {
      if (stopWords?.has(parts[0]!) !== true) add(parts[0]!);
      continue;
    }
    add(token.toLowerCase());
    for (const part of parts) add(part);
  }
  return terms;
}
