import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import {
  discoverScopes,
  indexedSymbolNames,
  loadConfig,
  openIndexReader,
  resolveProjectRoot,
  resolveScopeTier,
  TSIFT_DIR,
  type IndexLocation,
} from "@tsift/index/indexer";

const MIN_NAME_LENGTH = 4;

/** Every `index.db` below `dir` (scope ids may nest: `indexes/pkg/app/index.db`), sorted. */
function indexFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...indexFilesUnder(path));
    else if (entry.name === "index.db") found.push(path);
  }
  return found.sort();
}

/**
 * A project's own index plus the scoped indexes of the workspace scopes that take part in
 * federation (private, isolated and non-federated scopes stay out unless named directly).
 */
async function federatedIndexes(root: string): Promise<string[]> {
  const own = join(root, TSIFT_DIR, "index.db");
  const config = await loadConfig(root);
  const scoped = discoverScopes(root)
    .filter((scope) => resolveScopeTier(config, scope.id, scope.path).federation)
    .map((scope) => join(root, TSIFT_DIR, "indexes", ...scope.id.split("/"), "index.db"));
  return [own, ...scoped].filter((path) => existsSync(path));
}

/** The index files an `--index` argument names: a project root, `.tsift`, `.tsift/indexes`, a scope directory or an `index.db`. */
async function indexesNamed(target: string): Promise<string[]> {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  if (basename(target) === TSIFT_DIR) return federatedIndexes(dirname(target));
  if (basename(target) === "indexes" && basename(dirname(target)) === TSIFT_DIR) return indexFilesUnder(target);
  if (existsSync(join(target, "index.db"))) return [join(target, "index.db")];
  return federatedIndexes(target);
}

function locationOf(dbPath: string): IndexLocation {
  const dir = dirname(dbPath);
  return { projectRoot: dir, sourceRoot: dir, scope: null, dbPath, lockPath: join(dir, "index.lock") };
}

/**
 * The symbol names `tsift lint` checks prose against, from `--index` or, by default, the
 * project that holds the first linted file. Indexes are opened through the shared
 * read-only path (a snapshot copy when a writer holds them); an unreadable index is
 * skipped rather than failing the lint.
 */
export async function indexSymbolNames(cwd: string, index: string | undefined, firstFile: string): Promise<{ names: string[]; indexes: string[] }> {
  const paths =
    index !== undefined ? await indexesNamed(resolve(cwd, index)) : await federatedIndexes(resolveProjectRoot(dirname(resolve(cwd, firstFile))).root);
  const names = new Set<string>();
  const used: string[] = [];
  for (const path of paths) {
    try {
      const reader = openIndexReader(locationOf(path));
      try {
        for (const name of indexedSymbolNames(reader.database, MIN_NAME_LENGTH)) names.add(name);
      } finally {
        await reader.close();
      }
      used.push(path);
    } catch (error) {
      if (!isTsiftError(error)) throw error;
    }
  }
  return { names: [...names].sort(), indexes: used };
}
