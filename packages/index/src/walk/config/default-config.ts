import { DEFAULT_HISTORY_MAX_FILES_PER_COMMIT, DEFAULT_HISTORY_STRIP_PREFIXES, DEFAULT_MAX_FILE_BYTES, type TsiftConfig } from "./tsift-config";

/** The configuration used when `.tsift/config.toml` does not exist. A fresh object every call. */
export function defaultConfig(): TsiftConfig {
  return {
    source: null,
    defaults: { federation: true, tier: "shared" },
    overrides: Object.create(null) as Record<string, never>,
    index: { maxFileBytes: DEFAULT_MAX_FILE_BYTES, exclude: [] },
    autoindex: { focus: [], cpuAffinity: null },
    summarize: {},
    findings: { passiveHarvest: false },
    history: { stripPrefixes: [...DEFAULT_HISTORY_STRIP_PREFIXES], stopTags: [], maxFilesPerCommit: DEFAULT_HISTORY_MAX_FILES_PER_COMMIT },
    warnings: [],
  };
}
