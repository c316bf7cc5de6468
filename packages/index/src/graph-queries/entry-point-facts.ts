import type Database from "better-sqlite3";
import type { EntryCandidate } from "@tsift/algorithms";
import { LANGS, langInfo } from "@tsift/graph/langs";
import type { GraphSymbol } from "./graph-symbol";

// Each language declares its front doors in its @tsift/graph definition.
const entryPoints = LANGS.map((lang) => ({ lang, ...langInfo(lang).entryPoints }));
/** Files that are a package's or program's front door, by name (`index.ts`, `lib.rs`, `__init__.py`…). */
const ENTRY_FILES: ReadonlySet<string> = new Set(entryPoints.flatMap((entry) => entry.files));
/** Entry files whose imports are re-exports (Python `__init__.py`). */
const REEXPORT_FILES = entryPoints.flatMap((entry) => entry.reexportFiles);
/** Library roots (Rust `lib.rs`): every public item under their directory is the library's API. */
const LIBRARY_ROOTS = entryPoints.flatMap((entry) => (entry.libraryRoot === null ? [] : [{ lang: entry.lang, root: entry.libraryRoot }]));
const MEMBER_KINDS = new Set(["method", "constructor", "getter", "setter"]);
const TYPE_LIKE = new Set([
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

interface FileRow {
  path: string;
  language: string;
}

interface ImportRow {
  file: string;
  name: string | null;
  alias: string | null;
  kind: string;
  resolved_file: string | null;
}

/**
 * What index.db says about each node for `inferEntryPoints`:
 *
 * - `exported`: the public surface of package entry files (`index.ts`, `lib.rs`,
 *   `__init__.py`, `main.*`… that no indexed file imports), followed through re-exports (`export … from`, `export *`, imports of an `__init__.py`),
 *   public members of exported types, and every `pub` item of a Rust library crate;
 * - `route_handler`: named as a detected route's handler in the same file (else uniquely);
 * - `module_scope_call`: the target of a call made by top-level code (scripts, test callbacks);
 * - `possible_call`: a method whose name some method call uses (`x.name()`, resolved
 *   or not: an override runs when its base method is called), or a function whose name
 *   a call the resolver left ambiguous or unresolved uses: it may run, so dead code does
 *   not claim it;
 * - `protocol`: a method of a Rust trait impl (`impl Display for Store`), run through the trait.
 */
export function entryPointFacts(db: Database.Database, nodes: ReadonlyMap<string, GraphSymbol>): EntryCandidate[] {
  const exported = exportedSymbolIds(db);
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
  const memberNames = new Set(db.prepare("SELECT DISTINCT callee_name FROM calls WHERE receiver IS NOT NULL").pluck().all() as string[]);
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
    possible_call: (symbol.parent !== null && MEMBER_KINDS.has(symbol.kind) ? memberNames : bareNames).has(symbol.name),
    protocol: traitImplMethods.has(symbol.id),
  }));
}

function exportedSymbolIds(db: Database.Database): Set<number> {
  const files = db.prepare("SELECT path, language FROM files WHERE skip_reason IS NULL").all() as FileRow[];
  const entryFiles = packageEntryFiles(db, files);
  const publicTopLevel = db.prepare("SELECT id FROM symbols WHERE file = ? AND parent IS NULL AND visibility = 'public'").pluck();
  const named = db.prepare("SELECT id FROM symbols WHERE file = ? AND parent IS NULL AND name = ?").pluck();
  const reexports = db.prepare("SELECT file, name, alias, kind, resolved_file FROM imports WHERE file = ? AND resolved_file IS NOT NULL");
  const exported = new Set<number>();
  const visited = new Set<string>();

  // Everything `file` makes public under `name` ("*" for all of it), through re-export chains.
  const follow = (file: string, name: string) => {
    const visit = `${file}\0${name}`;
    if (visited.has(visit)) return;
    visited.add(visit);
    const direct = (name === "*" ? publicTopLevel.all(file) : named.all(file, name)) as number[];
    for (const id of direct) exported.add(id);
    if (name !== "*" && direct.length > 0) return;
    const reexporting = REEXPORT_FILES.some((name) => file.endsWith(name));
    for (const row of reexports.all(file) as ImportRow[]) {
      if (row.kind !== "export_from" && !reexporting) continue;
      const target = row.resolved_file!;
      // `export *`, `export * as ns` and default re-exports expose the whole target; named ones the name.
      const whole = row.name === null || row.name === "*" || row.name === "default";
      if (name === "*") follow(target, whole ? "*" : row.name!);
      else if (row.name === "*" && row.alias === null) follow(target, name);
      else if ((row.alias ?? row.name) === name) follow(target, whole ? "*" : row.name!);
    }
  };
  for (const file of entryFiles) follow(file, "*");

  for (const { lang, root } of LIBRARY_ROOTS) {
    const libraries = entryFiles.filter((file) => file === root || file.endsWith(`/${root}`)).map((file) => file.slice(0, file.length - root.length));
    if (libraries.length === 0) continue;
    const published = db.prepare("SELECT id, file FROM symbols WHERE language = ? AND visibility = 'public'").all(lang) as { id: number; file: string }[];
    for (const row of published) if (libraries.some((prefix) => row.file.startsWith(prefix))) exported.add(row.id);
  }

  // Public members of exported types (`export class Store { get() {} }` exports `Store.get`).
  const types = db
    .prepare(`SELECT file, qualified_name, kind FROM symbols WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify([...exported])) as [string, string, string][];
  const exportedTypes = new Set(types.filter(([, , kind]) => TYPE_LIKE.has(kind)).map(([file, qualifiedName]) => `${file}\0${qualifiedName}`));
  if (exportedTypes.size > 0) {
    const members = db
      .prepare("SELECT id, file, parent FROM symbols WHERE parent IS NOT NULL AND (visibility IS NULL OR visibility NOT IN ('private', 'protected'))")
      .raw()
      .all() as [number, string, string][];
    for (const [id, file, parent] of members) if (exportedTypes.has(`${file}\0${parent}`)) exported.add(id);
  }
  return exported;
}

/**
 * Files named like a front door that no indexed file imports: a package's root `index.ts`
 * and its subpath entries (`http/index.ts` next to `index.ts`), `lib.rs`, a top-level
 * `__init__.py`. A barrel the package imports itself (`import { x } from "./utils"`) is
 * internal: its names count only when used.
 */
function packageEntryFiles(db: Database.Database, files: readonly FileRow[]): string[] {
  const imported = new Set(db.prepare("SELECT DISTINCT resolved_file FROM imports WHERE resolved_file IS NOT NULL").pluck().all() as string[]);
  return files.filter((file) => ENTRY_FILES.has(file.path.slice(file.path.lastIndexOf("/") + 1)) && !imported.has(file.path)).map((file) => file.path);
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
