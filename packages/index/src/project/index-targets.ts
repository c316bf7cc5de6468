import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { indexLocation, type IndexLocation } from "../walk/index-location";
import { loadConfig } from "../walk/config/load-config";
import { resolveProjectRoot } from "../walk/resolve-project-root";
import { resolveScopeTier } from "../walk/config/resolve-scope-tier";
import type { IsolationTier, TsiftConfig } from "../walk/config/tsift-config";
import { discoverScopes, selectScope, type WorkspaceScope } from "../walk/workspace-scopes";
import { projectCwd, type ProjectOptions } from "../walk/project-options";

/** One index a use case reads or writes: the project's own, or one workspace scope's. */
export interface IndexTarget {
  location: IndexLocation;
  scope: WorkspaceScope | null;
  tier: IsolationTier | null;
}

export interface ResolvedTargets {
  root: string;
  config: TsiftConfig;
  targets: IndexTarget[];
  /** True when the targets are workspace scopes (reports then name each scope). */
  scoped: boolean;
}

export interface IndexTargetOptions extends ProjectOptions {
  /** Every workspace scope (`--workspace`); cannot be combined with `scope`. */
  workspace?: boolean | undefined;
}

/**
 * Turns a path and the scope options into the indexes to use. The path resolves to the
 * nearest ancestor owning `.tsift/` (or the workspace declaring it as a submodule);
 * `workspace` means every scope, `scope` one scope, and a path inside a scope means that
 * scope. Selectors that match nothing, or more than one scope, fail closed naming the
 * available scopes.
 */
export async function resolveIndexTargets(options: IndexTargetOptions): Promise<ResolvedTargets> {
  if (options.workspace && options.scope) {
    throw new TsiftError("usage", "--workspace and --submodule cannot be combined", { hint: "pass one of them" });
  }
  const project = resolveProjectRoot(resolve(projectCwd(options), options.path ?? "."));
  const config = await loadConfig(project.root);
  const target = (scope: WorkspaceScope | null): IndexTarget => ({
    location: indexLocation(project.root, scope),
    scope,
    tier: scope ? resolveScopeTier(config, scope.id, scope.path).tier : null,
  });
  if (options.workspace) {
    const scopes = discoverScopes(project.root);
    if (scopes.length === 0) {
      throw new TsiftError("not_found", `no workspace scopes under ${project.root}: .gitmodules declares no existing submodule`, {
        details: { root: project.root },
        hint: "run `tsift index` without --workspace",
      });
    }
    return { root: project.root, config, targets: scopes.map(target), scoped: true };
  }
  if (options.scope !== undefined) {
    return { root: project.root, config, targets: [target(selectScope(discoverScopes(project.root), options.scope))], scoped: true };
  }
  return { root: project.root, config, targets: [target(project.scope)], scoped: project.scope !== null };
}
