import type { WorkspacePackageLookup } from "@tsift/graph";
import { moduleSystemOf } from "./language-hooks";
import type { Lang } from "@tsift/graph/langs";
import { NO_WORKSPACE_PACKAGES, resolveWorkspaceImport, type WorkspacePackages } from "./workspace-packages";

/**
 * Which indexed file an import points at, looked up in the set of indexed paths (never
 * on disk, so resolution is a pure function of the index and the workspace's package.json
 * files), by the module system the language's definition plugs in (`moduleSystem`). A
 * module system that resolves several files (a directory that is a package) names its
 * first; package imports from outside the project and anything not found are null: the
 * caller treats those names as external instead of guessing a project symbol.
 */
export function resolveModule(
  lang: Lang,
  fromFile: string,
  module: string,
  name: string | null,
  files: ReadonlySet<string>,
  packages: WorkspacePackages = NO_WORKSPACE_PACKAGES,
): string | null {
  const system = moduleSystemOf(lang);
  if (system === null) return null;
  return system.resolve({ fromFile, module, name, files, packages: packageLookup(packages, files) })[0] ?? null;
}

/** The workspace's packages as a module system sees them: a bare import of one resolves into its source. */
export function packageLookup(packages: WorkspacePackages, files: ReadonlySet<string>): WorkspacePackageLookup {
  return {
    empty: packages.byName.size === 0,
    resolve: (specifier, probe) => resolveWorkspaceImport(packages, specifier, probe, files),
  };
}
