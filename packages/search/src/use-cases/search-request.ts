import type { ExactCase } from "../exact-search";
import type { AnswerItem, SearchHit, SearchStrategy, SymbolHit } from "../search-types";

/** One index a search reads: where its db is and which directory its paths are relative to. */
export interface SearchTarget {
  dbPath: string;
  lockPath: string;
  sourceRoot: string;
  /** Workspace scope id, or null for the project's own index. */
  scope: string | null;
  /** The scope's path relative to the project root (`''` for the project itself), prefixed to its hit paths. */
  prefix: string;
  /** False when the index is missing and could not be built: the engine answers with an exact live scan. */
  indexed: boolean;
  /** Root-relative files for the in-process literal scan (live walk plus indexed), when ripgrep is absent. */
  files?: string[];
}

/**
 * Everything a search needs, as plain data resolved up front (targets, filters, file
 * lists), so the search itself is one synchronous call that a deadline can cover.
 */
export interface SearchRequest {
  query: string;
  strategy: SearchStrategy;
  /** Where the strategy came from: the flag, or auto-promotion of an identifier/path-like query. */
  strategySource: "flag" | "auto" | "default" | "degraded";
  limit: number;
  root: string;
  targets: SearchTarget[];
  /** Root-relative path prefix (from a nested --path). */
  pathFilter: string | null;
  languages: string[];
  kinds: string[];
  /** Exact search: how letter case matches. */
  caseMode: ExactCase;
  alpha: number | null;
  /** Local Model2Vec directory or `tsift-hash-v1`; null for the shipped tsift-code-v1 model. */
  model: string | null;
  maxFileBytes: number;
  env: Record<string, string | undefined>;
}

/** What `tsift search --json` reports. */
export interface SearchData {
  query: string;
  strategy: SearchStrategy;
  strategy_source: SearchRequest["strategySource"];
  symbols: SymbolHit[];
  hits: SearchHit[];
  /**
   * How to read the answer: `merged` (a prose query: `results` is one ranked list of
   * declarations and code, symbols and hits together) or `symbols_first` (symbols, then hits).
   */
  answer?: "merged" | "symbols_first";
  /** The merged answer, best first (with `answer: "merged"`). */
  results?: AnswerItem[];
  symbol_total: number;
  hit_total: number;
  /** Chunks searched (files for exact search). */
  indexed_artifacts: number;
  truncated: boolean;
  filters: { path: string | null; lang: string[]; kind: string[] };
  scopes?: string[];
  /** Exact search: which literal backend answered. */
  backend?: "rg" | "scan";
  /** Exact search: how letter case matched (`sensitive` unless `--ignore-case` or `--smart-case`). */
  case?: ExactCase;
  /** Hybrid: the dense weight used. */
  alpha?: number;
  encoder?: string;
  /**
   * Vectors embedded by this search (the lazy first use), or computed without storing them;
   * `remaining`: chunk contents still without a vector when the search's embedding budget ran
   * out (they were ranked by BM25 only; later searches embed them).
   */
  embedded?: { stored: number; transient: number; ms: number; remaining?: number };
  freshness?: { state: "fresh" | "refreshed" | "stale_snapshot" | "missing_exact" | "unchecked"; refreshed_files?: number };
  recovery?: string;
}
