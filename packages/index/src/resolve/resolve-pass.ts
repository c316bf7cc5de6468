import type Database from "better-sqlite3";
import { langFromPath, type Lang } from "@tsift/graph/langs";
import { moduleSystemOf } from "./language-hooks";
import { createCallResolver } from "./create-call-resolver";
import { type ResolverCall, type ResolverImport } from "./resolver-types";
import { resolveModule } from "./module-resolver";
import { PACKAGE_MEMBER } from "./resolver-tables";
import { SqliteSymbols } from "./symbol-source";
import { NO_WORKSPACE_PACKAGES, type WorkspacePackages } from "./workspace-packages";

export interface ResolvePassStats {
  imports: number;
  importsChanged: number;
  calls: number;
  callsChanged: number;
  ms: number;
}

/** What changed since the last pass; null re-resolves everything (rebuilds). */
export interface ResolveScope {
  /** Symbol names added or removed anywhere. */
  names: ReadonlySet<string>;
  /** Files whose rows were rewritten or removed. */
  files: ReadonlySet<string>;
  /** Whether files appeared or disappeared, which can re-target imports in any file. */
  fileSetChanged: boolean;
}

type StoredCall = ResolverCall & { resolved_symbol_id: number | null; resolution: string };

/** A call site extracted in this run, held back until the resolution pass can insert it resolved. */
export interface PendingCall {
  file: string;
  caller_symbol_id: number | null;
  caller_name: string | null;
  callee_name: string;
  receiver: string | null;
  line: number;
  kind: string;
  receiver_type: string | null;
  local: number;
}

/** Calls extracted in this run and not stored yet: the pass inserts each with its target, in order. */
export interface PendingCalls {
  pendingCalls: PendingCall[];
  insertResolvedCall(call: PendingCall, resolvedSymbolId: number | null, resolution: string): void;
}

/** How a whole-index pass (`scope` null) reads stored calls: a page of rows at a time, so a big index's calls are never all in memory. */
export interface ResolvePaging {
  /** Stored calls per page (by id). */
  pageSize: number;
  /** Between two pages, with no statement running: a cold run written aside commits here. */
  betweenPages?: () => void;
}

const DEFAULT_PAGING: ResolvePaging = { pageSize: 50_000 };

/**
 * Re-resolves imports and calls inside the caller's transaction, writing back only
 * rows whose answer changed. Every resolver step looks candidates up by the callee's
 * name, or through the import bindings of the call's own file, so a call's answer can
 * change only if a symbol of that name came or went, its file's rows or import targets
 * changed, or a file it imports from changed: those calls (plus any left pointing at a
 * deleted symbol) are revisited, against every symbol so uniqueness and ambiguity stay
 * global. Symbols are read from the index as the calls ask for them (`SqliteSymbols`, which
 * needs the symbols' and member types' secondary indexes), so the pass holds a bounded
 * number of them whatever the size of the index. With `scope` null every call is revisited.
 * `packages` are the workspace's package.json files that bare imports resolve into.
 */
export function resolvePass(
  db: Database.Database,
  scope: ResolveScope | null,
  pending?: PendingCalls,
  packages: WorkspacePackages = NO_WORKSPACE_PACKAGES,
  paging: ResolvePaging = DEFAULT_PAGING,
): ResolvePassStats {
  const started = performance.now();
  const languages = new Map<string, Lang>();
  for (const row of db.prepare("SELECT path, language FROM files WHERE skip_reason IS NULL").all() as { path: string; language: Lang }[]) {
    languages.set(row.path, row.language);
  }
  const paths = new Set(languages.keys());

  const imports = db.prepare("SELECT id, file, module, name, alias, resolved_file, kind FROM imports").all() as (ResolverImport & { id: number })[];
  const updateImport = db.prepare("UPDATE imports SET resolved_file = ? WHERE id = ?");
  const files = new Set(scope?.files ?? []);
  const cache = new Map<string, string | null>();
  let importsChanged = 0;
  for (const entry of imports) {
    // Targets only move when the set of files does, or when the row is new.
    if (scope && !scope.fileSetChanged && !scope.files.has(entry.file)) continue;
    const language = languages.get(entry.file);
    const key = `${language}\0${entry.file.slice(0, entry.file.lastIndexOf("/") + 1)}\0${entry.module}\0${entry.name}`;
    let resolved = cache.get(key);
    if (resolved === undefined) {
      resolved = language ? resolveModule(language, entry.file, entry.module, entry.name, paths, packages) : null;
      cache.set(key, resolved);
    }
    if (resolved !== entry.resolved_file) {
      updateImport.run(resolved, entry.id);
      entry.resolved_file = resolved;
      files.add(entry.file);
      importsChanged++;
    }
  }

  if (scope) {
    // Aliased imports (`import { get as fetchIt }`) name the target by another name: their
    // importers' calls must follow the imported files' changes too.
    const importers = db
      .prepare("SELECT DISTINCT file FROM imports WHERE resolved_file IN (SELECT value FROM json_each(?))")
      .pluck()
      .all(JSON.stringify([...scope.files])) as string[];
    for (const file of importers) files.add(file);
    // Imports of package members (`import a.b.Store`, `use A\B\Store`) point at no file: the
    // importers of a changed file's package follow it too (packages are written `a.b` or `A\B`).
    const packageImporters = db
      .prepare(
        `SELECT DISTINCT i.file FROM imports i JOIN member_types p ON p.owner = '' AND p.name = ?
            AND substr(i.module, 1, length(p.type) + 1) IN (p.type || '.', p.type || '\\', p.type || ':')
          WHERE p.file IN (SELECT value FROM json_each(?)) AND i.resolved_file IS NULL`,
      )
      .pluck()
      .all(PACKAGE_MEMBER, JSON.stringify([...scope.files])) as string[];
    for (const file of packageImporters) files.add(file);
    // Module paths (`mod repo;` then `repo::make()`) name a file with no import row: the
    // files declaring a changed module (its module system's `moduleName`) follow it too.
    const modules = [...scope.files]
      .map((file) => {
        // A removed file is no longer in `languages`: its extension tells its language.
        const language = languages.get(file) ?? langFromPath(file);
        return language === null ? null : (moduleSystemOf(language)?.moduleName?.(file) ?? null);
      })
      .filter((name) => name !== null);
    if (modules.length > 0) {
      const pathUsers = db
        .prepare("SELECT DISTINCT file FROM symbols WHERE kind = 'mod' AND name IN (SELECT value FROM json_each(?))")
        .pluck()
        .all(JSON.stringify(modules)) as string[];
      for (const file of pathUsers) files.add(file);
    }
  }
  // Symbols and member types are read by name and by file as the calls ask for them, not held whole.
  const resolve = createCallResolver(new SqliteSymbols(db), imports, [], languages);
  const columns = "id, file, caller_symbol_id, callee_name, receiver, kind, resolved_symbol_id, resolution, receiver_type, local, line";
  const updateCall = db.prepare("UPDATE calls SET resolved_symbol_id = ?, resolution = ? WHERE id = ?");
  let callsChanged = 0;
  let storedCalls = 0;
  const revisit = (calls: StoredCall[]) => {
    storedCalls += calls.length;
    for (const call of calls) {
      const target = resolve(call, languages.get(call.file) ?? "");
      if (target.resolved_symbol_id !== call.resolved_symbol_id || target.resolution !== call.resolution) {
        updateCall.run(target.resolved_symbol_id, target.resolution, call.id);
        callsChanged++;
      }
    }
  };
  if (scope === null) {
    const page = db.prepare(`SELECT ${columns} FROM calls WHERE id > ? ORDER BY id LIMIT ?`);
    for (let after = 0; ;) {
      const calls = page.all(after, paging.pageSize) as StoredCall[];
      if (calls.length === 0) break;
      revisit(calls);
      after = calls[calls.length - 1]!.id;
      if (calls.length < paging.pageSize) break;
      paging.betweenPages?.();
    }
  } else {
    revisit(
      db
        .prepare(
          `SELECT ${columns} FROM calls WHERE callee_name IN (SELECT value FROM json_each(?))
             UNION SELECT ${columns} FROM calls WHERE file IN (SELECT value FROM json_each(?))
             UNION SELECT ${columns} FROM calls WHERE resolved_symbol_id IS NOT NULL AND resolved_symbol_id NOT IN (SELECT id FROM symbols)`,
        )
        .all(JSON.stringify([...scope.names]), JSON.stringify([...files])) as StoredCall[],
    );
  }
  // New calls (their files are in `scope.files`, so they belong to the revisited set) go in resolved.
  const newCalls = pending?.pendingCalls ?? [];
  for (const call of newCalls) {
    const target = resolve({ ...call, id: 0 }, languages.get(call.file) ?? "");
    pending!.insertResolvedCall(call, target.resolved_symbol_id, target.resolution);
    if (target.resolution !== "unresolved") callsChanged++;
  }
  const callCount = storedCalls + newCalls.length;
  newCalls.length = 0;
  return { imports: imports.length, importsChanged, calls: callCount, callsChanged, ms: performance.now() - started };
}
