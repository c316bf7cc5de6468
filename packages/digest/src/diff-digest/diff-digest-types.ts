import type { DiffStatus, DiffTarget } from "../git/index";
import type { DigestEconomy } from "../digest-economy";
import type { DigestSummaries } from "../summaries/digest-summaries";

export type SymbolChange = "added" | "removed" | "changed";

/** A symbol the diff touches, from tree-sitter parses of both snapshots. */
export interface DiffSymbol {
  /** Qualified name (`Class.method`). */
  name: string;
  kind: string;
  change: SymbolChange;
  /** Line on the new side (the old side for a removed symbol). */
  line: number;
  old_signature?: string;
  new_signature?: string;
}

/**
 * Why a file's symbols are (not) listed: `parsed`, or the reason it was reported unparsed —
 * binary, a submodule, over the per-file limit, a language tsift does not parse, or past
 * the files the limit lets through.
 */
export type DiffParseState = "parsed" | "binary" | "submodule" | "too_large" | "unsupported_language" | "not_text";

export interface DiffDigestFile {
  path: string;
  /** Set when the old side had another path (renames, copies). */
  old_path?: string;
  status: DiffStatus;
  similarity?: number;
  binary: boolean;
  submodule: boolean;
  old_mode?: string;
  new_mode?: string;
  untracked?: boolean;
  additions: number;
  deletions: number;
  /** Zero-context hunks as `-start,lines +start,lines [function]`. */
  hunks: string[];
  hunks_total: number;
  language: string | null;
  parse: DiffParseState;
  symbols: DiffSymbol[];
  symbols_total: number;
  /** `caller -> callee` edges present only on the new side. */
  added_call_edges: string[];
  added_call_edges_total: number;
  /** `caller -> callee` edges present only on the old side. */
  removed_call_edges: string[];
  removed_call_edges_total: number;
  warnings?: string[];
}

export interface DiffDigestReport {
  root: string;
  mode: DiffTarget["kind"];
  /** `--revision` / `--base` as given. */
  revision?: string;
  base?: string;
  /** The commit the old side is (null: the empty tree). */
  old_commit: string | null;
  /** The commit the new side is, for `revision`; null for the index or the working tree. */
  new_commit: string | null;
  files_changed: number;
  additions: number;
  deletions: number;
  /** Symbol and call-edge counts are over the listed (parsed) files, before each file's list cap. */
  symbols_added: number;
  symbols_removed: number;
  symbols_changed: number;
  call_edges_added: number;
  call_edges_removed: number;
  /** The first `limit` files by path. */
  files: DiffDigestFile[];
  files_total: number;
  truncated: boolean;
  /** Cached summaries made from the new side's content (touched symbols first), or why there are none. */
  summaries: DigestSummaries;
  economy: DigestEconomy;
}
