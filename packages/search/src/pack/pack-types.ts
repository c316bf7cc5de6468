import type { ProjectOptions } from "@tsift/index";

export const PACK_PROFILES = ["plan", "debug", "review"] as const;
/**
 * What a pack emphasises. `plan`: the public API, signatures only (non-public symbols rank
 * at a quarter of their PageRank). `debug`: the changed symbols and their callers and
 * callees (all of them restart points of the ranking), each changed symbol with the names
 * it calls and is called by. `review`: the changed symbols first, each with the first
 * lines of its body.
 */
export type PackProfile = (typeof PACK_PROFILES)[number];

export const PACK_FORMATS = ["md", "xml", "json"] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

/** The default token budget of a pack. */
export const DEFAULT_PACK_BUDGET = 4096;
/** The smallest budget a pack accepts: its header and footer alone take ~100 tokens. */
export const MIN_PACK_BUDGET = 256;

export interface PackOptions extends ProjectOptions {
  /** Tokens the rendered pack may take, counted with `PACK_TOKENIZER`; default 4096. */
  budget?: number;
  /** Centre the pack on the changes in the working tree and index (against HEAD), untracked files included. */
  changed?: boolean;
  /** Centre the pack on the changes since this git revision (the working tree against it). */
  since?: string;
  /** Default `plan`. */
  profile?: PackProfile;
  /** Default `md`. */
  format?: PackFormat;
  /** Also report per-file token counts of the pack and of the raw files. */
  tokenMap?: boolean;
}

/** A symbol as the pack shows it. */
export interface PackSymbol {
  handle: string;
  name: string;
  kind: string;
  line: number;
  end_line: number;
  /** The signature line (or the name when the index has none). */
  signature: string;
  /** Nesting depth inside its file (a method of a class is 1). */
  depth: number;
  score: number;
  /** Whether the change the pack centres on touches it. */
  changed: boolean;
  /** `review`: the first lines of the body, after the signature line. */
  body?: string[];
  /** `debug`, changed symbols: names it calls and names that call it (at most 5 each). */
  calls?: string[];
  called_by?: string[];
}

export interface PackFile {
  path: string;
  language: string;
  /** The file's rank: the sum of its symbols' scores. */
  score: number;
  changed: boolean;
  symbols: PackSymbol[];
}

export const SKIP_REASONS = ["secret_file", "secret_content", "secret_line", "build_output"] as const;
/**
 * Why a file or line was kept out: a credential-shaped path (`.env*`, key and certificate
 * files), a credential found in the file by the secret scanner, a line of the pack that
 * holds a high-entropy or known-prefix token, or a build-output path.
 */
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface SkippedEntry {
  path: string;
  reason: SkipReason;
  /** What matched: the scanner rule, the path pattern, or the line. */
  detail: string;
}

export interface TokenMapRow {
  path: string;
  /** Tokens of the file's part of the pack, rendered alone. */
  pack_tokens: number;
  /** Tokens of the whole file. */
  raw_tokens: number;
  symbols: number;
}

export interface PackLeftOut {
  /** Ranked files with no symbol in the pack. */
  files: number;
  /** Ranked symbols not in the pack. */
  symbols: number;
  /** The best-ranked files left out, at most 10. */
  top_files: string[];
}

export interface PackData {
  root: string;
  profile: PackProfile;
  format: PackFormat;
  budget: number;
  tokenizer: string;
  /** Tokens of `text`, counted exactly; never above `budget`. */
  tokens: number;
  /** The centre of a `--changed`/`--since` pack: `working tree` or the revision, with the changed files. */
  centre: { target: string; files: string[] } | null;
  files: PackFile[];
  left_out: PackLeftOut;
  /** At most 20 entries; `skipped_total` counts them all. */
  skipped: SkippedEntry[];
  skipped_total: number;
  /** The rendered pack in `format`. */
  text: string;
  token_map?: TokenMapRow[];
}

export interface PackResult {
  data: PackData;
  root: string;
  /** How suggested commands spell the project from `cwd`. */
  pathArg: string;
  notes: string[];
}
