import { splitIdentifier } from "@tsift/graph";
import { QUERY_STOP_WORDS } from "./query-stop-words";

/**
 * Words that frame a question about code rather than name anything in it ("how does
 * the retry schedule work"). Dropped from full-text queries on top of the symbol
 * ranker's stop words; inside an identifier they stay (`doWork`).
 */
export const SEARCH_FILLER_WORDS: ReadonlySet<string> = new Set([
  ...QUERY_STOP_WORDS,
  "how",
  "what",
  "where",
  "which",
  "when",
  "why",
  "does",
  "doing",
  "done",
  "work",
  "works",
  "code",
  "implement",
  "implemented",
  "implementation",
  "happens",
  "logic",
  "defined",
  "define",
  "used",
  "using",
  "way",
  "we",
  "i",
  "you",
  "my",
]);

/** One word of the query: the forms any of which satisfy it, for coverage and snippets. */
export interface QueryGroup {
  token: string;
  /** Lower-case parts; a compound identifier needs all of them. */
  parts: string[];
  /**
   * The word glued to the word before or after it in the query (`node id` -> `nodeid`,
   * `ini file` -> `inifile`): code often spells a phrase as one token. Plain words only.
   */
  joined?: string[];
}

export interface FtsQuery {
  /** An FTS5 MATCH expression (quoted terms joined with OR), or "" when nothing is searchable. */
  match: string;
  groups: QueryGroup[];
  terms: string[];
}

const TOKEN = /[\p{L}\p{N}_$-]+/gu;
const EDGE_JOINERS = /^[_$-]+|[_$-]+$/g;

/**
 * Turns free text into an FTS5 query over the enriched chunk index: each word, and for
 * compound identifiers their joined form (`get_user_name` and `getUserName` both give
 * `getusername`, which the index holds for every compound identifier) followed by their
 * parts. Terms are OR-ed, so BM25 ranks chunks that match more, and rarer, terms first;
 * quoting keeps FTS5 syntax characters in a query literal. Each plain word also records
 * its glued phrases with its neighbours (`joined`) for the ranked answer's scoring; they
 * are not searched (as terms they changed which chunks BM25 ranked first, for no gain).
 */
export function ftsQuery(text: string, stopWords: ReadonlySet<string> = SEARCH_FILLER_WORDS): FtsQuery {
  const groups: QueryGroup[] = [];
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    if (!seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  };
  // The previous group when it was the previous word of the text and a plain word: the only one a phrase can glue to.
  let previous: QueryGroup | null = null;
  let previousEnd = -1;
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(EDGE_JOINERS, "");
    const parts = splitIdentifier(token);
    if (parts.length === 0) continue;
    if (parts.length === 1 && stopWords.has(parts[0]!)) {
      previous = null;
      continue;
    }
    const group: QueryGroup = { token: token.toLowerCase(), parts };
    groups.push(group);
    if (parts.length > 1) add(parts.join(""));
    for (const part of parts) add(part);
    const plain = parts.length === 1 && /^[\p{L}\p{N}]+$/u.test(token);
    if (plain && previous !== null && match.index === previousEnd + 1) {
      const phrase = previous.parts[0]! + parts[0]!;
      (previous.joined ??= []).push(phrase);
      group.joined = [phrase];
    }
    previous = plain ? group : null;
    previousEnd = match.index + match[0].length;
  }
  // Everything was filler ("how does it work"): search the words rather than nothing.
  if (groups.length === 0 && stopWords.size > 0) return ftsQuery(text, new Set());
  return { match: terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" OR "), groups, terms };
}

/**
 * A cheap stand-in for stemming when checking raw text for a query word: the word's
 * first letters, so `retries` is found in `retry` and `parsing` in `parse`.
 */
export function probe(part: string): string {
  return part.length <= 4 ? part : part.slice(0, Math.max(4, part.length - 3));
}

/** Share of query groups whose parts all occur in `haystack` (lower-cased). */
export function coverage(groups: readonly QueryGroup[], haystack: string): number {
  if (groups.length === 0) return 0;
  let matched = 0;
  for (const group of groups) {
    if (group.parts.every((part) => haystack.includes(probe(part)))) matched++;
  }
  return matched / groups.length;
}
