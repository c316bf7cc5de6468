import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { indexLocation, type IndexLocation } from "./index-location";
import { resolveProjectRoot } from "./resolve-project-root";
import { discoverScopes, selectScope, type WorkspaceScope } from "./workspace-scopes";
import { pathArg, type CommandPlace } from "./command-place";
import { settleInterruptedEdit } from "./edit/recover-edit-batch";
import { projectCwd, type ProjectOptions } from "./project-options";

/** The one index a read use case uses, and how suggested commands name it. */
export interface ReadTarget {
  /** The project root (absolute). */
  root: string;
  scope: WorkspaceScope | null;
  location: IndexLocation;
  place: CommandPlace;
  /** Set when resolving settled an interrupted `tsift edit` batch: the note saying how. */
  notes?: string[];
}

/**
 * The one index a read use case uses: the project (the nearest ancestor owning `.tsift/`,
 * so a nested path reuses the project's index) and the scope (`scope`, or the workspace
 * scope the path lies in). A workspace root that has only scope indexes fails closed
 * naming them. (`resolveIndexTargets` does this and more for `tsift index`.)
 */
export function resolveReadTarget(options: ProjectOptions): ReadTarget {
  const cwd = projectCwd(options);
  const project = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const root = project.root;
  // An interrupted `tsift edit` is settled before anything reads the files (one stat when there is none).
  const settled = settleInterruptedEdit(root);
  const scope = options.scope !== undefined ? selectScope(discoverScopes(root), options.scope) : project.scope;
  const location = indexLocation(root, scope);
  if (!scope && !existsSync(location.dbPath)) {
    const indexed = discoverScopes(root).filter((candidate) => existsSync(indexLocation(root, candidate).dbPath));
    if (indexed.length > 0) {
      throw new TsiftError(
        "index_missing",
        `${root} has only workspace scope indexes; pick one with --scope <scope>. Indexed scopes: ${indexed.map((candidate) => candidate.id).join(", ")}`,
        {
          details: { root, scopes: indexed.map((candidate) => candidate.id) },
        },
      );
    }
  }
  return { root, scope, location, place: { pathArg: pathArg(cwd, root), scope: scope?.id ?? null }, ...(settled.length ? { notes: settled } : {}) };
}
