import type { NextContext } from "../session/next-context";
import type { DiffTarget } from "../git/index";
import type { DigestEconomy } from "../digest-economy";
import type { SignalKind } from "../log-digest/index";
import type { SymbolChange } from "../diff-digest/index";
import type { OntologyRef } from "./ontology-refs";

/** A symbol the worktree diff touches, behind a stable handle. */
export interface PackSymbolRef {
  /** `csym-<12 hex>`: the same file, name and kind give the same handle on every run. */
  handle: string;
  name: string;
  kind: string;
  change: SymbolChange;
  file: string;
  line: number;
  /** The symbol's name split into its words (`getUserName` → `get/user/name`): one family for every spelling. */
  tag_alias: string;
  /** Tag documents under `.naming/tags/` this symbol's family names, by handle and path (present when any match). */
  ontology_refs?: OntologyRef[];
  expand: string;
}

export interface PackDiffFile {
  path: string;
  status: string;
  additions: number;
  deletions: number;
  symbols: number;
}

/** The worktree diff digest, reduced to counts and the first files. */
export interface PackDiff {
  mode: DiffTarget["kind"];
  files_changed: number;
  additions: number;
  deletions: number;
  symbols_added: number;
  symbols_removed: number;
  symbols_changed: number;
  call_edges_added: number;
  call_edges_removed: number;
  files: PackDiffFile[];
  files_total: number;
  expand: string;
}

export interface PackTestFailure {
  location: string | null;
  message: string;
  /** The indexed symbol the failure's first project frame lies in (a fresh index only). */
  symbol: { name: string; handle: string; file: string; line: number } | null;
  tests: string[];
  tests_total: number;
}

/** The test digest of `--test-input`, reduced. */
export interface PackTest {
  input: string;
  runner: string | null;
  status: "failed" | "passed" | "unknown";
  passed: number | null;
  failed: number;
  skipped: number | null;
  first_error: { test: string; message: string; location: string | null } | null;
  failures: PackTestFailure[];
  failures_total: number;
  expand: string;
}

export interface PackLogSignal {
  kind: SignalKind;
  count: number;
  line: number;
  text: string;
}

/** The log digest of `--log-input`, reduced. */
export interface PackLog {
  input: string;
  total_lines: number;
  signal_lines: number;
  first_error: { line: number; text: string } | null;
  signals: PackLogSignal[];
  signals_total: number;
  /** `path:line` references in order of first appearance. */
  anchors: string[];
  anchors_total: number;
  expand: string;
}

/** What the agent sessions on the target left to do. */
export interface PackSession {
  /** Sessions matched to the target (the newest few are reviewed). */
  matched: number;
  /** The newest matched transcript. */
  latest: string | null;
  next_context: NextContext;
  expand: string;
}

/** `tsift context-pack`: one bounded handoff for an agent turn. */
export interface ContextPack {
  target: { path: string; kind: "document" | "directory" };
  /** The project root the diff and status were read from. */
  root: string;
  /**
   * The resume packet of the newest agent sessions (Claude Code, Codex) that worked on the
   * target (`tsift session-review <target> --next-context`), or null when none is found.
   */
  session: PackSession | null;
  diff: PackDiff | null;
  /** `path:Name` of every listed touched symbol, the plain form of `symbol_refs`. */
  touched_symbols: string[];
  symbol_refs: PackSymbolRef[];
  touched_symbols_total: number;
  test: PackTest | null;
  log: PackLog | null;
  /** Every tag document the listed symbols reference, once each (present when `.naming/tags/` has any that match). */
  ontology_refs?: OntologyRef[];
  /** What `tsift status` would warn about (a stale or missing index, stale instructions). */
  status_reminders: string[];
  /** Why a section is missing (not a git repository, an unreadable input). */
  notes: string[];
  /** Commands that refresh the pack or expand one of its sections; never cut by the budget. */
  follow_up: string[];
  budget: { preset: string | null; max_items: number; max_bytes: number };
  truncated: boolean;
  economy: DigestEconomy;
}
