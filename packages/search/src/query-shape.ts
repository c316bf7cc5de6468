import { splitIdentifier } from "@tsift/graph";
import { LANGS, langInfo } from "@tsift/graph/langs";
import { QUERY_STOP_WORDS } from "./query-stop-words";

/** What a query looks like, which decides exact promotion and the hybrid weight. */
export type QueryShape = "identifier" | "path" | "code" | "mixed" | "prose";

/** Extensions of files people name in a query that no indexed language claims. */
export const NON_SOURCE_EXTENSIONS: readonly string[] = ["json", "toml", "yaml", "yml", "txt", "lock", "html", "css"];
/** Every extension that makes a one-token query a file name: each indexed language's, then the rest. */
export const PATH_EXTENSIONS: readonly string[] = [...LANGS.flatMap((lang) => langInfo(lang).extensions), ...NON_SOURCE_EXTENSIONS];

const PATH_LIKE = new RegExp(
  String.raw`^[\w.@-]*\/[\w./@-]*$|^[\w.-]+\.(${PATH_EXTENSIONS.map((extension) => extension.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`,
  "i",
);
const QUALIFIED = /^[A-Za-z_$][\w$]*((::|\.|#)[A-Za-z_$][\w$]*)+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;
const CODE_PUNCTUATION = /[(){}[\];=<>]|=>|::|\.\w+\(/;

/**
 * Classifies a query:
 * - `path`: one token with a `/` or a file extension (`src/main.rs`, `Schema.ts`);
 * - `identifier`: one token that is a compound identifier or qualified name
 *   (`alpha_helper`, `claudescore-3`, `getUserName`, `crate::module`, `Effect.map`);
 * - `code`: a code fragment (brackets, `=>`, calls);
 * - `prose`: several plain words, none an identifier;
 * - `mixed`: words and identifiers together, or a single plain word.
 */
export function queryShape(query: string): QueryShape {
  const text = query.trim();
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length === 1) {
    const token = tokens[0]!;
    // `Schedule.ts` is a file, `Effect.map` a qualified name: only known extensions make a path.
    if (PATH_LIKE.test(token)) return "path";
    if (QUALIFIED.test(token)) return "identifier";
    if (IDENTIFIER.test(token) && (splitIdentifier(token).length > 1 || /\d/.test(token))) return "identifier";
    if (CODE_PUNCTUATION.test(token)) return "code";
    return "mixed";
  }
  if (CODE_PUNCTUATION.test(text)) return "code";
  const identifiers = tokens.filter((token) => IDENTIFIER.test(token) && splitIdentifier(token).length > 1);
  if (identifiers.length === 0) return "prose";
  return "mixed";
}

/**
 * Plain `tsift search` routes single identifier- or path-like tokens to the literal
 * backend: they name something exactly, and a literal scan works without (or ahead of)
 * the index. A single plain word (`retry`) stays lexical: BM25 with stemming ranks it
 * better than every line that contains it.
 */
export function prefersExact(query: string): boolean {
  const shape = queryShape(query);
  return shape === "identifier" || shape === "path";
}

/**
 * Whether the answer to a query is one merged list (declarations and code ranked together)
 * rather than name-matched symbols first: a description of behaviour names no symbol, so
 * symbols that share a word with it are no better than the code that does what it says.
 * Sentences with a parenthesis or a colon still describe ("Return the value (or None).").
 */
export function mergesAnswer(query: string): boolean {
  const shape = queryShape(query);
  if (shape === "identifier" || shape === "path") return false;
  const words = query
    .trim()
    .split(/\s+/)
    .filter((token) => /^[\p{L}][\p{L}'-]*[.,;:!?)]*$/u.test(token.replace(/^[("'`*]+/, "")));
  if (shape === "code") return words.length >= 4;
  return words.length >= 2;
}

/**
 * The dense weight in hybrid fusion (0 = BM25 only, 1 = vectors only), from the query's
 * shape: identifiers and code lean on BM25, which matches them exactly; descriptions of
 * behaviour lean on vectors, which match meaning across wording.
 */
export function hybridAlpha(query: string): number {
  switch (queryShape(query)) {
    case "identifier":
    case "path":
      return 0.2;
    case "code":
      return 0.3;
    case "mixed":
      return 0.45;
    case "prose":
      return contentWords(query) <= 2 ? 0.5 : 0.6;
  }
}

function contentWords(query: string): number {
  return query
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length > 0 && !QUERY_STOP_WORDS.has(word)).length;
}
