/** How `tsift search` ranks text: BM25 over chunks, literal lines, dense vectors, or both fused. */
export type SearchStrategy = "lexical" | "exact" | "hybrid" | "semantic";

export const SEARCH_STRATEGIES: readonly SearchStrategy[] = ["lexical", "exact", "hybrid", "semantic"];

export type Confidence = "High" | "Medium" | "Low";

export type SymbolMatchType = "exact_name" | "all_tags" | "partial_tags";

/** One AST-ranked symbol; lines are 1-based. */
export interface SymbolHit {
  name: string;
  kind: string;
  language: string;
  file: string;
  line: number;
  end_line: number;
  parent: string | null;
  signature: string | null;
  tags: string[];
  score: number;
  match_type: SymbolMatchType;
  /** The tie-breaker that ordered equal scores: PageRank over resolved calls, or the in-degree fallback. */
  centrality?: number;
  /** The first sentence of the symbol's doc comment or docstring, when it has one. */
  doc?: string;
}

/** One ranked text hit: a chunk (index strategies) or a line (exact). */
export interface SearchHit {
  rank: number;
  /** `<source>:<path>:<line>`, stable across runs of the same index. */
  artifact_id: string;
  path: string;
  /** The best line: where the snippet comes from. */
  line: number;
  /** The chunk's span (a single line for exact hits). */
  start_line: number;
  end_line: number;
  location: string;
  score: number;
  confidence: Confidence;
  snippet: string;
  language: string | null;
  /** The declaration the chunk is about, when there is one. */
  symbol: string | null;
  /** Which ranker found it: `bm25`, `dense`, `hybrid`, `exact`. */
  source: "bm25" | "dense" | "hybrid" | "exact";
}

/**
 * One entry of the merged answer to a prose query (`SearchData.results`): a declaration,
 * or module-level code, found by its text, its name or both, pointing at its best line.
 */
export interface AnswerItem {
  rank: number;
  path: string;
  /** The best line, inside the declaration: where the snippet comes from. */
  line: number;
  /** The declaration's span (a module-level stretch: its chunk's). */
  start_line: number;
  end_line: number;
  /** The symbol the best line lies in. */
  symbol: string | null;
  /** The declaration's kind; null for module-level code. */
  kind: string | null;
  score: number;
  confidence: Confidence;
  snippet: string;
  language: string | null;
  /** `text`: a BM25 chunk held it; `name`: the symbol ranker matched its name. */
  found_by: ("text" | "name")[];
  /**
   * The signals that put it here, joined by `+`: `bm25` (BM25F over its name, path, doc and
   * body), `model` (the code model's similarity), `name` (the symbol ranker matched its
   * name), `def` (a declaration), `file` (its file holds other strong candidates), `test` /
   * `generated` (down-ranked). E.g. `bm25+model+def`.
   */
  why: string;
  /** The declaration's doc comment (first sentence), when it has one. */
  doc?: string;
}

/** Filters shared by every strategy. `path` is a root-relative directory or file prefix. */
export interface SearchFilters {
  path?: string;
  languages?: readonly string[];
  kinds?: readonly string[];
}
