/**
 * English filler words that carry no meaning in a code-search query ("find the
 * function that parses json"). The list is fixed, so rankings
 * stay comparable between versions.
 */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "before",
  "by",
  "can",
  "do",
  "find",
  "for",
  "from",
  "in",
  "into",
  "is",
  "it",
  "of",
  "on",
  "or",
  "please",
  "that",
  "the",
  "these",
  "this",
  "those",
  "to",
  "with",
  "without",
]);
