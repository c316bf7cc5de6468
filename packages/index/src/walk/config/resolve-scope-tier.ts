import type { IsolationTier, ScopeOverride, TsiftConfig } from "./tsift-config";

export interface ScopeTierResolution {
  tier: IsolationTier;
  /** Whether federated (cross-scope) queries include this scope. */
  federation: boolean;
  /** Whether `tsift init --workspace` refreshes this scope's instruction files. */
  instructions: boolean;
  /** The `[overrides.<key>]` that applied, or null when only `[defaults]` did. */
  override: string | null;
}

/**
 * The isolation policy for one workspace scope. The override key is looked up as
 * the scope id, then the full root-relative path (`vendor/foo`), then the path's
 * leaf name (`foo`), most specific first, so `[overrides."vendor/foo"]` can
 * target one of two scopes that share a leaf name.
 *
 * Private and isolated scopes are never federated, whatever `federation` says:
 * the tier is the boundary, the flag only narrows a shared scope further.
 */
export function resolveScopeTier(config: TsiftConfig, scopeId: string, scopePath: string): ScopeTierResolution {
  const path = normalizeScopePath(scopePath);
  const leaf = path.slice(path.lastIndexOf("/") + 1);
  let override: string | null = null;
  let entry: ScopeOverride | undefined;
  for (const key of [scopeId, path, leaf]) {
    if (key !== "" && Object.hasOwn(config.overrides, key)) {
      override = key;
      entry = config.overrides[key];
      break;
    }
  }
  const tier = entry?.tier ?? config.defaults.tier;
  const federation = tier === "shared" && (entry?.federation ?? config.defaults.federation);
  return { tier, federation, instructions: entry?.instructions ?? true, override };
}

// Scope paths come from `.gitmodules` and from user input; compare them in the
// one form the index stores: `/`-separated, no `./` prefix, no trailing slash.
function normalizeScopePath(path: string): string {
  return path
    .replaceAll("\\", "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
}
