/** How far a workspace scope's index is shared (per-submodule isolation). */
export type IsolationTier = "shared" | "private" | "isolated";

export const ISOLATION_TIERS: readonly IsolationTier[] = Object.freeze(["shared", "private", "isolated"] as const);

/** `declarations`: the index's own call resolver; `checker`: that, then the project's TypeScript checker (`tsift index --resolve checker`). */
export type CallResolver = "declarations" | "checker";

export const CALL_RESOLVERS: readonly CallResolver[] = Object.freeze(["declarations", "checker"] as const);

/** Files larger than this are not indexed unless `[index] max_file_bytes` says otherwise. */
export const DEFAULT_MAX_FILE_BYTES = 1_048_576;

/**
 * No file over this is parsed, whatever `max_file_bytes` says: indexing one file costs
 * about 30 bytes of memory per source byte (a 10 MB file peaks near 440 MB), and far
 * larger files grew worse than linearly (50 MB took 6 GB), so a bigger file is refused
 * with a message instead of taking the machine down.
 */
export const HARD_MAX_FILE_BYTES = 16 * 1024 * 1024;

/** One `[overrides.<scope>]` table; absent keys fall back to `[defaults]`. */
export interface ScopeOverride {
  federation?: boolean;
  /** `isolated = true` in the file is read as `tier = "isolated"`. */
  tier?: IsolationTier;
  /** Whether `tsift init --workspace` refreshes this scope's instruction files. */
  instructions?: boolean;
}

/** Path segments folder-derived history tags leave out by default (`[history] strip_prefixes`). */
export const DEFAULT_HISTORY_STRIP_PREFIXES: readonly string[] = Object.freeze(["src", "lib", "components", "app", "pages"]);

/** Commits touching more files than this are bulk changes (formatting, vendoring) that co-change skips. */
export const DEFAULT_HISTORY_MAX_FILES_PER_COMMIT = 50;

export interface HistoryConfig {
  /** Directory names that never become folder-derived tags (`src`, `lib`, …). */
  stripPrefixes: string[];
  /** Tags never derived from a folder name (`utils`, `types`, …); explicit `tags:` lines may still use them. */
  stopTags: string[];
  /** Co-change ignores commits touching more files than this. */
  maxFilesPerCommit: number;
}

/** `.tsift/config.toml`, with every default filled in. */
export interface TsiftConfig {
  /** The file this came from, or null when no file exists and defaults apply. */
  source: string | null;
  defaults: {
    federation: boolean;
    tier: IsolationTier;
  };
  /**
   * Keyed as written in the file: a scope id, a full `.gitmodules` path or a leaf
   * name. Use `resolveScopeTier` rather than indexing this directly, since the
   * lookup order matters.
   */
  overrides: Readonly<Record<string, ScopeOverride>>;
  index: {
    maxFileBytes: number;
    /** Glob patterns (root-relative, `/`-separated) the file walk skips. */
    exclude: string[];
    /** `[index] resolve`: how `tsift index` resolves calls when `--resolve` is not given; absent means `declarations`. */
    resolve?: CallResolver;
  };
  autoindex: {
    /** Scope ids or paths the prompt hook keeps warm; empty means every scope. */
    focus: string[];
    /** Linux `taskset -c` CPU list for background index workers. */
    cpuAffinity: string | null;
  };
  summarize: {
    model?: string;
    batch?: boolean;
    maxFileTokens?: number;
    apiKeyEnv?: string;
  };
  findings: {
    passiveHarvest: boolean;
  };
  /** `[history]`: how `.tsift/history.db` derives folder tags and which commits co-change skips. */
  history: HistoryConfig;
  /** Unknown keys and ignored settings, one sentence each naming file and key. */
  warnings: string[];
}
