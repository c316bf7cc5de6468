import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type Database from "better-sqlite3";
import type { EntryCandidate } from "@tsift/algorithms";
import { languageDefinitions, moduleSystemOf } from "../../resolve/language-hooks";
import { LANGS, langInfo, type EntryPointModel, type Lang } from "@tsift/graph/langs";
import type { GraphSymbol } from "./graph-symbol";
import { resolveModule } from "../../resolve/module-resolver";
import { declaredEntrySpecifiers, readWorkspacePackages } from "../../resolve/workspace-packages";

// Each language declares its front doors in its @tsift/graph definition.
const entryPoints = LANGS.map((lang) => ({ lang, ...langInfo(lang).entryPoints }));
const MODEL = new Map<string, EntryPointModel>(LANGS.map((lang) => [lang, langInfo(lang).entryPoints]));
/** Files that are a package's or program's front door, by name (`index.ts`, `lib.rs`, `__init__.py`…). */
const ENTRY_FILES: ReadonlySet<string> = new Set(entryPoints.flatMap((entry) => entry.files));
/** Entry files whose imports are re-exports (Python `__init__.py`). */
const REEXPORT_FILES = entryPoints.flatMap((entry) => entry.reexportFiles);
/** Library roots (Rust `lib.rs`, Python `__init__.py`) and which of the modules under them are public. */
const LIBRARY_ROOTS = entryPoints.flatMap((entry) =>
  entry.libraryRoot === null || entry.libraryModules === null ? [] : [{ lang: entry.lang, root: entry.libraryRoot, modules: entry.libraryModules }],
);

/** Directories whose front-door files are a project's entry even when some file imports them (a UMD bundle importing `src/index.ts`). */
const TOP_DIRS: ReadonlySet<string> = new Set(["", "src"]);
const MEMBER_KINDS = new Set(["method", "constructor", "getter", "setter"]);
/** Symbol kinds that declare a type or module: their members are theirs, not values created when they run. */
export const TYPE_LIKE: ReadonlySet<string> = new Set([
  "class",
  "struct",
  "interface",
  "trait",
  "enum",
  "object",
  "data_class",
  "sealed_class",
  "enum_class",
  "union",
  "impl",
  "namespace",
  "mod",
]);

/**
 * Test code by every language's test conventions (its definition's `tests`): the files a
 * runner collects and the paths only tests use, and the declaration heads marking a test.
 * One list for all languages, as a project's test directories hold code of several.
 */
export function testCode(): { readonly files: readonly RegExp[]; readonly markers: readonly RegExp[] } {
  const languages = languageDefinitions();
  return {
    files: [...new Set(languages.flatMap((language) => [...(language.tests?.files ?? []), ...(language.tests?.support ?? [])]))].map(
      (source) => new RegExp(source, "u"),
    ),
    markers: [...new Set(languages.flatMap((language) => language.tests?.markers ?? []))].map((source) => new RegExp(source, "u")),
  };
}

export interface EntryPointFactOptions {
  /**
   * The source root the index's paths are relative to. With it, package.json entries,
   * export lists (`__all__`) and re-export lines (`pub use`) are read from disk; without
   * it only what index.db holds is used.
   */
  root?: string;
}

interface FileRow {
  path: string;
  language: string;
}

interface ImportRow {
  file: string;
  line: number;
  name: string | null;
  alias: string | null;
  kind: string;
  resolved_file: string | null;
}

/**
 * What index.db says about each node for `inferEntryPoints`:
 *
 * - `exported`: the public surface of package entry files (`packageEntryFiles`: the
 *   modules package.json declares, `index.ts`, `lib.rs`, `__init__.py`, `main.*`…),
 *   followed through re-exports (`export … from`, `export *`, imports of an
 *   `__init__.py`, `pub use`) and export lists (`__all__`); public members of exported
 *   types; the public modules of a library (a Rust crate's `pub mod` chains, a Python
 *   package's modules not named `_private`);
 * - `route_handler`: named as a detected route's handler in the same file (else uniquely);
 * - `module_scope_call`: the target of a call made by top-level code (scripts, test callbacks);
 * - `possible_call`: a method whose name some method call uses (`x.name()`, resolved
 *   or not: an override runs when its base method is called), or a function whose name
 *   a call the resolver left ambiguous or unresolved uses: it may run, so dead code does
 *   not claim it;
 * - `protocol`: a method of a Rust trait impl (`impl Display for Store`), run through the trait.
 */
export function entryPointFacts(db: Database.Database, nodes: ReadonlyMap<string, GraphSymbol>, options: EntryPointFactOptions = {}): EntryCandidate[] {
  const visibilitySymbols = visibilityApiSymbols(db);
  const exported = exportedSymbolIds(db, options.root ?? null, visibilitySymbols);
  const handlers = routeHandlerIds(db);
  const topLevelTargets = new Set(
    db.prepare("SELECT DISTINCT resolved_symbol_id FROM calls WHERE caller_symbol_id IS NULL AND resolved_symbol_id IS NOT NULL").pluck().all() as number[],
  );
  const traitImplMethods = new Set(
    db
      .prepare(
        `SELECT s.id FROM symbols s JOIN symbols p ON p.file = s.file AND p.qualified_name = s.parent AND p.kind = 'impl'
           AND s.line BETWEEN p.line AND p.end_line AND p.signature LIKE '% for %'`,
      )
      .pluck()
      .all() as number[],
  );
  // A call on a receiver, or a bare call inside a type where `this` is implicit (Java's
  // `compute()`), runs whatever override the object has.
  const memberNames = new Set(
    db
      .prepare(
        `SELECT DISTINCT c.callee_name FROM calls c WHERE c.receiver IS NOT NULL
         UNION SELECT DISTINCT c.callee_name FROM calls c JOIN symbols s ON s.id = c.caller_symbol_id
           WHERE c.receiver IS NULL AND s.parent IS NOT NULL AND s.language IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .all(JSON.stringify(IMPLICIT_RECEIVER)) as string[],
  );
  const overridesApi = apiOverrides(visibilitySymbols, exported);
  const bareNames = new Set(
    db.prepare("SELECT DISTINCT callee_name FROM calls WHERE receiver IS NULL AND resolved_symbol_id IS NULL").pluck().all() as string[],
  );
  return [...nodes].map(([node, symbol]) => ({
    node,
    name: symbol.name,
    kind: symbol.kind,
    file: symbol.file,
    parent: symbol.parent,
    signature: symbol.signature,
    exported: exported.has(symbol.id),
    route_handler: handlers.has(symbol.id),
    module_scope_call: topLevelTargets.has(symbol.id),
    possible_call: (symbol.parent !== null && MEMBER_KINDS.has(symbol.kind) ? memberNames : bareNames).has(symbol.name) || overridesApi.has(symbol.id),
    protocol: traitImplMethods.has(symbol.id) || (symbol.parent !== null && (RUNTIME_HOOKS.get(symbol.language)?.has(symbol.name) ?? false)),
  }));
}

function exportedSymbolIds(db: Database.Database, root: string | null, visibilitySymbols: readonly VisibilitySymbol[]): Set<number> {
  const files = db.prepare("SELECT path, language FROM files WHERE skip_reason IS NULL").all() as FileRow[];
  const paths = new Set(files.map((file) => file.path));
  const languageOf = new Map(files.map((file) => [file.path, file.language]));
  const lines = sourceLines(root);
  const entryFiles = packageEntryFiles(db, files, root);
  const publicTopLevel = db.prepare("SELECT id FROM symbols WHERE file = ? AND parent IS NULL AND visibility = 'public'").pluck();
  const named = db.prepare("SELECT id FROM symbols WHERE file = ? AND parent IS NULL AND name = ?").pluck();
  const reexports = db.prepare("SELECT file, line, name, alias, kind, resolved_file FROM imports WHERE file = ? AND resolved_file IS NOT NULL");
  const exported = new Set<number>();
  const visited = new Set<string>();

  // An import re-exports when its kind says so (`export … from`), its file's imports all do
  // (`__init__.py`), or its line reads like a re-export (`pub use`).
  const isReexport = (row: ImportRow, reexportingFile: boolean) => {
    if (row.kind === "export_from" || reexportingFile) return true;
    const pattern = REEXPORT_IMPORT.get(languageOf.get(row.file) ?? "");
    return pattern !== undefined && pattern.test(lines(row.file)?.[row.line - 1] ?? "");
  };

  // Everything `file` makes public under `name` ("*" for all of it), through re-export chains.
  const follow = (file: string, name: string) => {
    const visit = `${file}\0${name}`;
    if (visited.has(visit)) return;
    visited.add(visit);
    if (name === "*") {
      const listed = exportList(file, languageOf.get(file), lines);
      if (listed !== null) {
        for (const entry of listed) follow(file, entry);
        return;
      }
    }
    const direct = (name === "*" ? publicTopLevel.all(file) : named.all(file, name)) as number[];
    for (const id of direct) exported.add(id);
    if (name !== "*" && direct.length > 0) return;
    const reexporting = REEXPORT_FILES.some((name) => file.endsWith(name));
    for (const row of reexports.all(file) as ImportRow[]) {
      if (!isReexport(row, reexporting)) continue;
      const target = row.resolved_file!;
      // `export *`, `export * as ns` and default re-exports expose the whole target; named ones the name.
      const whole = row.name === null || row.name === "*" || row.name === "default" || row.name === "self";
      if (name === "*") follow(target, whole ? "*" : row.name!);
      else if (row.name === "*" && row.alias === null) follow(target, name);
      else if ((row.alias ?? row.name) === name) follow(target, whole ? "*" : row.name!);
    }
  };
  for (const file of entryFiles) follow(file, "*");

  for (const { lang, root: rootName, modules } of LIBRARY_ROOTS) {
    const libraries = entryFiles.filter((file) => languageOf.get(file) === lang && posix.basename(file) === rootName);
    if (libraries.length === 0) continue;
    const publicFiles = modules === "declared" ? declaredModules(db, lang, libraries, paths) : unprefixedModules(lang, libraries, files);
    if (modules === "declared") {
      // Every public item of a public module (methods of `impl` blocks too), plus its re-exports.
      const published = db.prepare("SELECT id FROM symbols WHERE file = ? AND visibility = 'public'").pluck();
      for (const file of publicFiles) for (const id of published.all(file) as number[]) exported.add(id);
    }
    for (const file of publicFiles) follow(file, "*");
  }

  for (const id of visibilityApi(visibilitySymbols)) exported.add(id);

  // Public members of exported types (`export class Store { get() {} }` exports `Store.get`).
  const types = db
    .prepare(`SELECT file, qualified_name, kind FROM symbols WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify([...exported])) as [string, string, string][];
  const exportedTypes = new Set(types.filter(([, , kind]) => TYPE_LIKE.has(kind)).map(([file, qualifiedName]) => `${file}\0${qualifiedName}`));
  if (exportedTypes.size > 0) {
    const members = db
      .prepare(
        `SELECT id, file, parent FROM symbols WHERE parent IS NOT NULL AND (visibility IS NULL OR visibility NOT IN ('private', 'protected'))
           AND language NOT IN (SELECT value FROM json_each(?))`,
      )
      .raw()
      .all(JSON.stringify([...VISIBILITY_API.keys()])) as [number, string, string][];
    for (const [id, file, parent] of members) if (exportedTypes.has(`${file}\0${parent}`)) exported.add(id);
  }
  return exported;
}

/**
 * In languages whose API is declared by visibility: public and protected methods named like
 * a method of the API. A non-public class overriding `CompletableFuture.getNow` runs when code
 * outside calls the API method on one of its objects; the index does not follow heritage to
 * tell an override from a namesake, so the name decides (dead code errs towards live).
 */
function apiOverrides(symbols: readonly VisibilitySymbol[], exported: ReadonlySet<number>): Set<number> {
  if (exported.size === 0) return new Set();
  const methods = symbols.filter(([, , kind, parent]) => parent !== null && OVERRIDABLE_KINDS.has(kind));
  const apiNames = new Set(methods.filter(([id]) => exported.has(id)).map(([, , , , , , name]) => name));
  return new Set(methods.filter(([id, , , , , visibility, name]) => !exported.has(id) && visibility !== "private" && apiNames.has(name)).map(([id]) => id));
}

const OVERRIDABLE_KINDS: ReadonlySet<string> = new Set(["method", "getter", "setter"]);

/** Member names each language's runtime calls by name (`runtimeHooks`). */
const RUNTIME_HOOKS = new Map<string, ReadonlySet<string>>(
  entryPoints.flatMap((entry) => (entry.runtimeHooks === undefined ? [] : [[entry.lang, new Set(entry.runtimeHooks)] as [string, ReadonlySet<string>]])),
);

/** Languages where a bare call inside a type may call a member on an implicit `this`. */
const IMPLICIT_RECEIVER: readonly string[] = LANGS.filter((lang) => langInfo(lang).resolution.implicitReceiver);

/** Languages whose API is declared by visibility (`publicApi`), and whether a non-public type's public methods count. */
const VISIBILITY_API = new Map<string, "visibility" | "visibility-any-type">(
  entryPoints.flatMap((entry) => (entry.publicApi === undefined ? [] : [[entry.lang, entry.publicApi] as [string, "visibility" | "visibility-any-type"]])),
);
/** Containers that only name things (a C# or C++ namespace): what they hold is as visible as it says. */
const NAMING_ONLY = new Set(["namespace"]);

/**
 * The API of languages that declare it by visibility: public declarations whose enclosing
 * types are API themselves (or namespaces), with protected members, which subclasses
 * elsewhere call. Parents match by qualified name across files, since a class may be
 * declared in a header and its members defined in a source file, or reopened (Ruby).
 */
function visibilityApi(rows: readonly VisibilitySymbol[]): number[] {
  const api = new Set<string>();
  const ids: number[] = [];
  // A definition without a visibility of its own (C++ `double Shape::area() const {…}`) has its declaration's.
  const declared = new Map<string, string>();
  for (const [, language, kind, , qualifiedName, visibility] of rows) {
    if (NAMING_ONLY.has(kind)) api.add(`${language}\0${qualifiedName}`);
    else if (visibility !== null && !declared.has(`${language}\0${qualifiedName}`)) declared.set(`${language}\0${qualifiedName}`, visibility);
  }
  for (const [id, language, kind, parent, qualifiedName, ownVisibility] of rows) {
    if (NAMING_ONLY.has(kind)) continue;
    const visibility = ownVisibility ?? declared.get(`${language}\0${qualifiedName}`) ?? null;
    const member = parent !== null;
    const visible = visibility === "public" || (member && visibility === "protected");
    if (!visible) continue;
    const parentIsApi = !member || api.has(`${language}\0${parent}`);
    const anyType = member && visibility === "public" && MEMBER_KINDS.has(kind) && VISIBILITY_API.get(language) === "visibility-any-type";
    if (!parentIsApi && !anyType) continue;
    api.add(`${language}\0${qualifiedName}`);
    ids.push(id);
  }
  return ids;
}

/** A symbol of a language whose API is declared by visibility: id, language, kind, parent, qualified name, visibility, name. */
type VisibilitySymbol = readonly [number, string, string, string | null, string, string | null, string];

/** Every symbol of the languages whose API is declared by visibility, shortest qualified names first; read once for both uses. */
function visibilityApiSymbols(db: Database.Database): VisibilitySymbol[] {
  if (VISIBILITY_API.size === 0) return [];
  return db
    .prepare(
      `SELECT id, language, kind, parent, qualified_name, visibility, name FROM symbols
        WHERE language IN (SELECT value FROM json_each(?)) ORDER BY length(qualified_name), id`,
    )
    .raw()
    .all(JSON.stringify([...VISIBILITY_API.keys()])) as VisibilitySymbol[];
}

/** Each language's re-export line pattern (Rust `pub use`), compiled once. */
const REEXPORT_IMPORT = new Map<string, RegExp>(
  entryPoints.flatMap((entry) => (entry.reexportImport === null ? [] : [[entry.lang, new RegExp(entry.reexportImport, "u")] as [string, RegExp]])),
);

/** A file's source lines read from disk once (null without a root or when unreadable). */
function sourceLines(root: string | null): (file: string) => readonly string[] | null {
  const cache = new Map<string, readonly string[] | null>();
  return (file) => {
    if (root === null) return null;
    let lines = cache.get(file);
    if (lines === undefined) {
      try {
        lines = readFileSync(join(root, file), "utf8").split(/\r?\n/u);
      } catch {
        lines = null;
      }
      cache.set(file, lines);
    }
    return lines;
  };
}

/**
 * The names a module's export list holds (`__all__ = ["a", "b"]`, `+=` too), or null when
 * its language has none, the module assigns none, or one is not a literal list of strings
 * (then its public top-level names count).
 */
function exportList(file: string, lang: string | undefined, lines: (file: string) => readonly string[] | null): string[] | null {
  const variable = lang === undefined ? null : (MODEL.get(lang)?.exportList ?? null);
  if (variable === null) return null;
  const text = lines(file)?.join("\n");
  if (text === undefined) return null;
  const escaped = variable.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const assignment = new RegExp(`^${escaped}\\s*(?::[^=\\n]*)?(\\+?=)\\s*`, "gmu");
  const names: string[] = [];
  let found = false;
  for (const match of text.matchAll(assignment)) {
    const rest = text.slice(match.index + match[0].length);
    const list = /^[[(]([^\])]*)[\])]/u.exec(rest);
    if (list === null) return null;
    const body = list[1]!.replace(/#[^\n]*/gu, "");
    const items = [...body.matchAll(/(["'])([^"'\n]*)\1|[^\s,]+/gu)];
    // Anything but string literals (a name, a call, a concatenation) makes the list not literal.
    if (items.some((item) => item[1] === undefined)) return null;
    if (match[1] === "=") names.length = 0;
    names.push(...items.map((item) => item[2]!));
    found = true;
  }
  return found ? [...new Set(names)] : null;
}

/**
 * `declared` library modules: the roots and every module reached from them through public
 * module declarations (`pub mod api;` in `lib.rs` -> `api.rs` or `api/mod.rs`).
 */
function declaredModules(db: Database.Database, lang: string, roots: readonly string[], paths: ReadonlySet<string>): string[] {
  const publicModules = db.prepare("SELECT name FROM symbols WHERE file = ? AND parent IS NULL AND kind = 'mod' AND visibility = 'public'").pluck();
  const found = new Set<string>(roots);
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const name of publicModules.all(file) as string[]) {
      const child: string | null = moduleSystemOf(lang)?.declaredModule?.(file, [name], paths) ?? null;
      if (child !== null && child !== file && !found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found].sort();
}

/** `unprefixed` library modules: every file of the language under a root's directory whose path below it has no `_private` part. */
function unprefixedModules(lang: string, roots: readonly string[], files: readonly FileRow[]): string[] {
  const found = new Set<string>();
  for (const root of roots) {
    const dir = posix.dirname(root);
    const prefix = dir === "." ? "" : `${dir}/`;
    for (const file of files) {
      if (file.language !== lang || !file.path.startsWith(prefix)) continue;
      const parts = file.path.slice(prefix.length).split("/");
      if (parts.every((part) => !part.startsWith("_") || /^__\w+__(\.\w+)?$/u.test(part))) found.add(file.path);
    }
  }
  return [...found].sort();
}

/**
 * A package's and a program's front doors:
 *
 * - files named like one that no indexed file imports: a package's root `index.ts` and
 *   its subpath entries (`http/index.ts` next to `index.ts`), `main.py`… A barrel the
 *   package imports itself (`import { x } from "./utils"`) is internal: its names count
 *   only when used;
 * - files named like one at the top of the project (`index.ts`, `src/index.ts`,
 *   `src/lib.rs`), imported or not;
 * - library roots (`lib.rs`; the `__init__.py` of a top-level package, whose directory's
 *   parent is no package), imported or not;
 * - with the root: the modules each package.json names (`main`, `module`, `types`, every
 *   subpath of `exports`), built output mapped back to source (`dist/esm/index.js` ->
 *   `src/index.ts`).
 */
function packageEntryFiles(db: Database.Database, files: readonly FileRow[], root: string | null): string[] {
  const imported = new Set(db.prepare("SELECT DISTINCT resolved_file FROM imports WHERE resolved_file IS NOT NULL").pluck().all() as string[]);
  const paths = new Set(files.map((file) => file.path));
  const entries = new Set<string>();
  for (const file of files) {
    const base = posix.basename(file.path);
    if (!ENTRY_FILES.has(base)) continue;
    const dir = posix.dirname(file.path);
    const library = LIBRARY_ROOTS.some((entry) => entry.lang === file.language && entry.root === base && !paths.has(posix.join(posix.dirname(dir), base)));
    if (!imported.has(file.path) || TOP_DIRS.has(dir === "." ? "" : dir) || library) entries.add(file.path);
  }
  // Languages whose packages declare their entries in package.json (their module system's `packageManifests`).
  const MANIFEST_LANGS: readonly Lang[] = LANGS.filter((lang) => moduleSystemOf(lang)?.packageManifests === true);
  const manifestLang = MANIFEST_LANGS[0];
  if (root !== null && manifestLang !== undefined) {
    const manifestFiles = files.filter((file) => MANIFEST_LANGS.includes(file.language as Lang)).map((file) => file.path);
    if (manifestFiles.length > 0) {
      const packages = readWorkspacePackages(root, manifestFiles);
      for (const specifier of declaredEntrySpecifiers(packages)) {
        const file = resolveModule(manifestLang, manifestFiles[0]!, specifier, null, paths, packages);
        if (file !== null) entries.add(file);
      }
    }
  }
  return [...entries].sort();
}

function routeHandlerIds(db: Database.Database): Set<number> {
  const ids = new Set<number>();
  const routes = db.prepare("SELECT DISTINCT file, handler FROM routes WHERE handler <> '<inline>'").all() as { file: string; handler: string }[];
  const local = db.prepare("SELECT id FROM symbols WHERE file = ? AND (name = ? OR qualified_name = ?)").pluck();
  const global = db.prepare("SELECT id FROM symbols WHERE name = ? OR qualified_name = ?").pluck();
  for (const route of routes) {
    const handler = route.handler.replace(/^(this|self)\./, "");
    const found = local.all(route.file, handler, handler) as number[];
    const chosen = found.length > 0 ? found : (global.all(handler, handler) as number[]);
    if (found.length > 0 || chosen.length === 1) for (const id of chosen) ids.add(id);
  }
  return ids;
}
