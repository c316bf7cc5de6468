import { join } from "node:path";

/** Where one index lives and which directory it describes. */
export interface IndexLocation {
  /** The project or workspace root that owns `.tsift/`. */
  projectRoot: string;
  /** The directory whose files the index holds: the root, or a workspace scope's directory. */
  sourceRoot: string;
  /** Workspace scope id, or null for the project's own index. */
  scope: string | null;
  dbPath: string;
  /** The writer lock, the db's sibling: `.tsift/index.lock` or `.tsift/indexes/<scope>/index.lock`. */
  lockPath: string;
}

export const TSIFT_DIR = ".tsift";

/**
 * `.tsift/index.db` for a project, `.tsift/indexes/<scope>/index.db` for a workspace
 * scope (the scope id may contain `/` when leaf names collide, which nests directories).
 */
export function indexLocation(projectRoot: string, scope: { id: string; path: string } | null = null): IndexLocation {
  const dir = scope ? join(projectRoot, TSIFT_DIR, "indexes", ...scope.id.split("/")) : join(projectRoot, TSIFT_DIR);
  return {
    projectRoot,
    sourceRoot: scope ? join(projectRoot, ...scope.path.split("/")) : projectRoot,
    scope: scope?.id ?? null,
    dbPath: join(dir, "index.db"),
    lockPath: join(dir, "index.lock"),
  };
}
