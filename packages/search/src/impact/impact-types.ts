import type { ProjectOptions } from "@tsift/index/graph-read";
import type { DiffTarget } from "@tsift/digest";
import type { TestRunner } from "./test-runner";

/** Caps of a preview budget (`@tsift/digest`'s `resolveBudget`): items per list, bytes per name. */
export interface ImpactBudget {
  maxItems: number | null;
  maxBytes: number | null;
}

export const IMPORT_REACH = ["fallback", "always", "never"] as const;
/**
 * When the import graph is walked from a changed file: `fallback` (default) only when the
 * call graph cannot follow its change (a constant, variable, property, accessor or class
 * changed, a symbol removed), `always`, or `never`.
 */
export type ImportReach = (typeof IMPORT_REACH)[number];

/** `tsift impact`'s options; every default is the CLI's. */
export interface ImpactOptions extends ProjectOptions {
  /** What to compare; default the worktree (tracked changes against HEAD, plus untracked files). */
  target?: DiffTarget;
  /** Only changes under these paths (relative to `cwd`, as git pathspecs); default every change in the project. */
  paths?: readonly string[];
  /** Call hops (and import hops) walked back from a changed symbol (file); default 3. */
  depth?: number;
  /** When importers of a changed file count (`ImportReach`); default `fallback`. */
  imports?: ImportReach;
  /** Test files listed (0 = all); default 20. */
  limit?: number;
  /** Caps every list at `maxItems` and every name at `maxBytes`. */
  budget?: ImpactBudget | null;
}

export type ChangeKind = "changed" | "added" | "removed";

export interface ImpactChangedSymbol {
  /** The qualified name (`Store.get`). */
  name: string;
  kind: string;
  file: string;
  line: number;
  change: ChangeKind;
}

export interface ImpactChangedFile {
  path: string;
  old_path: string | null;
  status: "added" | "modified" | "deleted" | "renamed";
  /** Whether the file is a test file itself. */
  test: boolean;
}

/** How a test file is reached: it changed, it calls a changed symbol (through callers), or it imports a changed file. */
export type ImpactVia = "changed" | "calls" | "imports";

export interface ImpactReason {
  via: ImpactVia;
  /** The changed symbol (qualified name) or, for `imports`, the changed file. */
  changed: string;
  /** Each hop from the change to the test: `Store.get (src/store.ts:8)`, then the callers or importers. */
  path: string[];
}

export interface AffectedTest {
  file: string;
  runner: TestRunner;
  /** Runs the tests named (the whole file when none are), from the project root. */
  command: string;
  /** Test names inside the file that reach the change; empty: the file as a whole (an import, top-level code). */
  names: string[];
  names_total: number;
  /** The strongest reach: changed, then calls, then imports. */
  via: ImpactVia;
  /** Fewest hops from a change by the strongest reach (0 for a changed test file). */
  hops: number;
  reasons: ImpactReason[];
  reasons_total: number;
}

/** What `tsift impact --json` reports. */
export interface ImpactReport {
  /** `worktree`, `--cached`, `--revision <rev>`, `--base <ref>`. */
  target: string;
  depth: number;
  changed_files: ImpactChangedFile[];
  changed_files_total: number;
  changed_symbols: ImpactChangedSymbol[];
  changed_symbols_total: number;
  tests: AffectedTest[];
  tests_total: number;
  truncated: boolean;
  /** One command per test file listed, in order. */
  commands: string[];
  /** A reminder that the list is an estimate from the index, not a proof. */
  advisory: string;
  /**
   * For the first changed (non-test) files, the files that most often changed with them in
   * the git history (from an existing `.tsift/history.db`; absent without one): changes the
   * call graph cannot see, such as a schema and its migration.
   */
  co_changed?: ImpactCoChange[];
}

export interface ImpactCoChange {
  path: string;
  commits: number;
  files: { path: string; count: number; jaccard: number }[];
}

export interface ImpactResult {
  data: ImpactReport;
  /** The project root (absolute); report paths are relative to it. */
  root: string;
  /** How suggested commands spell the project from `cwd`. */
  pathArg: string;
  /** Freshness and config notes for stderr. */
  notes: string[];
}
