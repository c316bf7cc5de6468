import type Database from "better-sqlite3";
import { langFromPath, langInfo } from "@tsift/graph/langs";
import { selectSymbols, type GraphSymbol } from "./graph-symbol";

/** A file's module path: its path without the extension, `index`, `__init__` or `mod` naming the directory itself. */
export function modulePathOf(file: string): string {
  return file.replace(/\.[^./]+$/, "").replace(/\/(index|__init__|mod)$/, "");
}

/**
 * Whether `from pkg import name` imported the submodule `name` itself (it resolved to
 * `pkg/name.py`), not a definition in `pkg`: only where dotted module paths name modules
 * (the module system's `dottedModuleImports`, Python's). A named import in other languages
 * always names a definition, even in a file of the same name (`import { Foo } from "./Foo"`).
 */
function isModuleNamed(file: string, name: string): boolean {
  const lang = langFromPath(file);
  if (lang === null || !langInfo(lang).dottedModuleImports) return false;
  const path = modulePathOf(file);
  return path === name || path.endsWith(`/${name}`);
}

/** Whether the file stands for its directory (`pkg/__init__.py`, `src/index.ts`, `mod.rs`): its submodules sit below its module path. */
function isPackageFile(file: string): boolean {
  return /(^|\/)(index|__init__|mod)\.[^./]+$/.test(file);
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const inFiles = (files: readonly string[]) => JSON.stringify(files);

/** How a qualified argument was matched: a qualified name (a suffix of one, a module path) or an import alias. */
export interface QualifiedDefinitions {
  form: "qualified_name" | "import_alias";
  /** The definitions, in groups: one for a qualified name, one per import binding (the binding most files use first). */
  groups: GraphSymbol[][];
}

/**
 * The definitions a qualified argument names (`Class.method`, `mod::fn`, `pkg.Class.method`,
 * `json.loads`, `Effect.retry`, `Arr.map`), from the first of these that finds any: the
 * qualified name itself, a qualified name it ends, a module path (`byModulePath`), an alias
 * the code base imports a module as (`byImportAlias`). `explain` (and every command that
 * takes a symbol argument) resolves with it, and `symbols` lists its answer as exact
 * matches, so both read a module-qualified name alike.
 */
export function qualifiedDefinitions(db: Database.Database, argument: string): QualifiedDefinitions {
  const qualified = argument.replaceAll("::", ".");
  const parts = qualified.split(".");
  let found = selectSymbols(db, "qualified_name = ?", [qualified]);
  if (found.length === 0) found = byQualifiedSuffix(db, parts);
  if (found.length === 0) found = byModulePath(db, parts);
  if (found.length > 0) return { form: "qualified_name", groups: [found] };
  return { form: "import_alias", groups: byImportAlias(db, parts) };
}

/**
 * Definitions whose qualified name ends with `.parts`: looked up by name (indexed), the
 * name being a dotted suffix of the qualified name, rather than a LIKE scan of every symbol.
 */
function byQualifiedSuffix(db: Database.Database, parts: readonly string[]): GraphSymbol[] {
  const qualified = parts.join(".");
  const names = parts.map((_, start) => parts.slice(start).join("."));
  return selectSymbols(db, "name IN (SELECT value FROM json_each(?))", [JSON.stringify(names)]).filter((symbol) =>
    symbol.qualified_name.endsWith(`.${qualified}`),
  );
}

/**
 * `Module.name` as code bases write it: `Effect.retry` for `retry` in `Effect.ts`
 * (imported as `import * as Effect`), `json.loads` for `loads` in `json/__init__.py`,
 * `email.message.Message.get_filename` for a method of a class in `email/message.py`. The
 * longest module prefix whose path ends a file's module path wins; the rest of the
 * argument is the qualified name inside that file.
 */
export function byModulePath(db: Database.Database, parts: readonly string[]): GraphSymbol[] {
  for (let split = parts.length - 1; split >= 1; split--) {
    const module = parts.slice(0, split).join("/");
    const inner = parts.slice(split).join(".");
    const last = parts[split - 1]!;
    const files = (
      db
        .prepare("SELECT path FROM files WHERE path LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\'")
        .pluck()
        .all(`%${escapeLike(last)}.%`, `%${escapeLike(last)}/%`) as string[]
    ).filter((file) => {
      const path = modulePathOf(file);
      return path === module || path.endsWith(`/${module}`);
    });
    if (files.length === 0) continue;
    const found = selectSymbols(db, "qualified_name = ? AND file IN (SELECT value FROM json_each(?))", [inner, inFiles(files)]);
    if (found.length > 0) return found;
  }
  return [];
}

/** One way the code base binds a local name to a module: the file it resolves to, and the names inside it the binding stands for. */
interface AliasBinding {
  target: string;
  /** Empty for a module (`import * as Arr`, `import numpy as np`, `from email import message`); `[Foo]` for `import { Foo as F }`. */
  prefix: string[];
  /** Importing files that use this binding. */
  files: number;
}

/** Every import row that binds `local`: `import * as local`, `import x as local`, `from pkg import local`, `{ x as local }`. */
const BINDINGS = `SELECT name, resolved_file AS target, count(DISTINCT file) AS files FROM imports
  WHERE resolved_file IS NOT NULL AND name IS NOT NULL AND (alias = ? OR (alias IS NULL AND name = ?))
  GROUP BY name, resolved_file`;

/**
 * `Alias.name` with `Alias` a name the code base itself imports: `Arr.map` where files
 * write `import * as Arr from "./Array.ts"`, `np.array` after `import numpy as np`,
 * `message.Message` after `from email import message`, `F.run` after `import { Foo as F }`.
 * The bindings come from index.db's `imports`; one alias bound to different modules in
 * different files gives one group per binding, the binding most files use first, each
 * group the definitions it names (bindings that name nothing are dropped).
 */
export function byImportAlias(db: Database.Database, parts: readonly string[]): GraphSymbol[][] {
  if (parts.length < 2) return [];
  const local = parts[0]!;
  const bindings = new Map<string, AliasBinding>();
  for (const row of db.prepare(BINDINGS).all(local, local) as Array<{ name: string; target: string; files: number }>) {
    const prefix = row.name === "*" || isModuleNamed(row.target, row.name) ? [] : [row.name];
    const key = `${row.target}\0${prefix.join(".")}`;
    const known = bindings.get(key);
    if (known) known.files += row.files;
    else bindings.set(key, { target: row.target, prefix, files: row.files });
  }
  const ordered = [...bindings.values()].sort(
    (a, b) => b.files - a.files || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0) || a.prefix.length - b.prefix.length,
  );
  const seen = new Set<number>();
  const groups: GraphSymbol[][] = [];
  for (const binding of ordered) {
    const found = inModule(db, binding.target, [...binding.prefix, ...parts.slice(1)]).filter((symbol) => !seen.has(symbol.id));
    for (const symbol of found) seen.add(symbol.id);
    if (found.length > 0) groups.push(found);
  }
  return groups;
}

/** How far `inModule` follows submodules and re-exports. */
const MAX_HOPS = 4;

/**
 * The definition `parts` names inside the module `file`: its own `qualified_name`, else a
 * submodule of a package file (`np.linalg.norm` in `numpy/linalg.py`), else what the file
 * re-exports (`export * from`, `export { x } from`, a Python package's `from .core import x`).
 */
function inModule(db: Database.Database, file: string, parts: readonly string[], hops = 0, visited = new Set<string>()): GraphSymbol[] {
  const visit = `${file}\0${parts.join(".")}`;
  if (parts.length === 0 || hops > MAX_HOPS || visited.has(visit)) return [];
  visited.add(visit);
  const own = selectSymbols(db, "file = ? AND qualified_name = ?", [file, parts.join(".")]);
  if (own.length > 0) return own;
  if (isPackageFile(file)) {
    for (let split = parts.length - 1; split >= 1; split--) {
      for (const sub of filesOfModule(db, [modulePathOf(file), ...parts.slice(0, split)].join("/"))) {
        const found = inModule(db, sub, parts.slice(split), hops + 1, visited);
        if (found.length > 0) return found;
      }
    }
  }
  const reexports = db
    .prepare(
      `SELECT name, alias, resolved_file AS target FROM imports WHERE file = ? AND resolved_file IS NOT NULL AND name IS NOT NULL
        AND (kind = 'export_from' OR (kind = 'import' AND file LIKE '%\\_\\_init\\_\\_.py' ESCAPE '\\')) ORDER BY line, id`,
    )
    .all(file) as Array<{ name: string; alias: string | null; target: string }>;
  for (const row of reexports) {
    let inner: readonly string[] | null = null;
    if (row.name === "*") inner = row.alias === null ? parts : row.alias === parts[0] ? parts.slice(1) : null;
    else if ((row.alias ?? row.name) === parts[0]) inner = isModuleNamed(row.target, row.name) ? parts.slice(1) : [row.name, ...parts.slice(1)];
    if (inner === null || inner.length === 0) continue;
    const found = inModule(db, row.target, inner, hops + 1, visited);
    if (found.length > 0) return found;
  }
  return [];
}

/** Files whose module path is exactly `modulePath` (`numpy/linalg`: `numpy/linalg.py`, `numpy/linalg/__init__.py`): a range scan of the files key. */
function filesOfModule(db: Database.Database, modulePath: string): string[] {
  if (modulePath === "") return [];
  const end = modulePath.slice(0, -1) + String.fromCharCode(modulePath.charCodeAt(modulePath.length - 1) + 1);
  return (db.prepare("SELECT path FROM files WHERE path >= ? AND path < ? ORDER BY path").pluck().all(modulePath, end) as string[]).filter(
    (file) => modulePathOf(file) === modulePath,
  );
}

/**
 * The indexed files a path argument names: the root-relative path itself, else every file
 * it is a suffix of (`Effect.ts` for `src/Effect.ts`), sorted; empty when none.
 */
export function filesNamed(db: Database.Database, path: string): string[] {
  const normalized = path.replace(/\\/g, "/").replace(/^\.\//, "");
  const exact = db.prepare("SELECT path FROM files WHERE path = ?").pluck().all(normalized) as string[];
  if (exact.length > 0) return exact;
  return (
    db
      .prepare("SELECT path FROM files WHERE path LIKE ? ESCAPE '\\'")
      .pluck()
      .all(`%/${escapeLike(normalized)}`) as string[]
  )
    .filter((file) => file.endsWith(`/${normalized}`))
    .sort();
}

/**
 * `file:name`: the definitions in the named files whose qualified name is `name` (`::`
 * read as `.`), else whose plain name is, else whose qualified name ends with it.
 */
export function inFilesNamed(db: Database.Database, files: readonly string[], name: string): GraphSymbol[] {
  const qualified = name.replaceAll("::", ".");
  const where = "file IN (SELECT value FROM json_each(?))";
  let found = selectSymbols(db, `${where} AND qualified_name = ?`, [inFiles(files), qualified]);
  if (found.length === 0) found = selectSymbols(db, `${where} AND name = ?`, [inFiles(files), qualified]);
  if (found.length === 0)
    found = selectSymbols(db, `${where} AND qualified_name LIKE ? ESCAPE '\\'`, [inFiles(files), `%.${escapeLike(qualified)}`]).filter((symbol) =>
      symbol.qualified_name.endsWith(`.${qualified}`),
    );
  return found;
}
