export {
  DEFAULT_MAX_FILE_BYTES,
  ISOLATION_TIERS,
  type IsolationTier,
  type ScopeOverride,
  type TsiftConfig,
} from "./tsift-config";
export { defaultConfig } from "./default-config";
export { parseConfig } from "./parse-config";
export { CONFIG_RELATIVE_PATH, loadConfig } from "./load-config";
export { resolveScopeTier, type ScopeTierResolution } from "./resolve-scope-tier";
