import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzeCallGraph, indexLocation, openIndexReader, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

/**
 * A small library in three languages whose public API is declared the way each ecosystem
 * declares it: package.json `exports` pointing at built output (mapped back to `src/`) with
 * barrels that re-export, a Python package's `__all__`, a Rust crate's `pub` items. The
 * front doors are imported by other files of the library (a UMD bundle, a submodule doing
 * `from . import`), so "no indexed file imports it" does not find them.
 */
const LIBRARY: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "reactive",
    main: "./dist/cjs/index.js",
    types: "index.d.ts",
    exports: {
      ".": { types: "./dist/types/index.d.ts", require: "./dist/cjs/index.js", default: "./dist/esm/index.js" },
      "./operators": { types: "./dist/types/operators/index.d.ts", default: "./dist/esm/operators/index.js" },
      "./internal/*": "./dist/esm/internal/*.js",
      "./package.json": "./package.json",
    },
  }),
  "src/index.ts": [
    'export * from "./internal/create";',
    'export { mapValues as map } from "./internal/map";',
    'export { Subject } from "./internal/subject";',
    'export { Failure } from "./internal/errors";',
    "",
  ].join("\n"),
  "src/operators/index.ts": 'export { keepIf } from "../internal/keep";\n',
  "src/internal/create.ts": [
    'import { emitAll } from "./emit";',
    "export function ofValues(...values: number[]) {",
    "  return emitAll(values);",
    "}",
    "export function everyMs(ms: number) {",
    "  return ms * 2;",
    "}",
    "function createLeftover() {",
    "  return 0;",
    "}",
    "",
  ].join("\n"),
  // Functions handed over as values: `double` and `Ordering.byValue` run when map and sort call them; `triple` only from dead code.
  "src/internal/emit.ts": [
    "export function emitAll(values: number[]) {",
    "  return values.map(double).sort(Ordering.byValue).length;",
    "}",
    "class Ordering {",
    "  static byValue(a: number, b: number) {",
    "    return a - b;",
    "  }",
    "  static unused(a: number) {",
    "    return a;",
    "  }",
    "}",
    "function double(n: number) {",
    "  return n * 2;",
    "}",
    "export function emitStray() {",
    "  return [1].map(triple);",
    "}",
    "function triple(n: number) {",
    "  return n * 3;",
    "}",
    "",
  ].join("\n"),
  "src/internal/map.ts": [
    "export function mapValues(project: (n: number) => number) {",
    "  return project(1);",
    "}",
    "export function mapNotReexported() {",
    "  return 2;",
    "}",
    "",
  ].join("\n"),
  // A default taken from a module imported whole: `always` is live, `never` is not.
  "src/internal/keep.ts": [
    'import * as predicates from "./predicates";',
    "export function keepIf(test: (n: number) => boolean = predicates.always) {",
    "  return test(3);",
    "}",
    "",
  ].join("\n"),
  // A constructor defined inline in a top-level value's initializer runs from top-level code.
  "src/internal/errors.ts": [
    "function makeError(impl: (base: (self: unknown) => void) => unknown) {",
    "  return impl(() => undefined);",
    "}",
    "export const Failure = makeError(",
    "  (base) =>",
    "    function FailureImpl(this: unknown) {",
    "      base(this);",
    "    },",
    ");",
    "",
  ].join("\n"),
  "src/internal/predicates.ts": "export function always() {\n  return true;\n}\nexport function never() {\n  return false;\n}\n",
  // A handler defined inline in a live method is handed over where it is defined.
  "src/internal/subject.ts": [
    "export class Subject {",
    "  emitNext(value: number) {",
    "    return value + 1;",
    "  }",
    "  attach(target: { onopen: (() => number) | null }) {",
    "    target.onopen = () => {",
    "      return this.emitNext(1);",
    "    };",
    "  }",
    "}",
    "",
  ].join("\n"),
  // The UMD bundle imports both front doors, so neither is an "unimported" index file.
  "src/internal/umd.ts": 'import * as root from "../index";\nimport * as operators from "../operators/index";\nexport const bundle = { root, operators };\n',

  "pylib/__init__.py": [
    "from .core import connect, Session",
    "from ._impl import _spawn",
    "",
    '__all__ = ["connect", "Session", "shutdown", "_spawn"]',
    "",
    "",
    "def shutdown():",
    "    return _close_all()",
    "",
    "",
    "def _close_all():",
    "    return 0",
    "",
    "",
    "def not_listed():",
    "    return 1",
    "",
  ].join("\n"),
  "pylib/core.py": [
    "from . import _impl",
    "",
    "",
    "def connect():",
    "    return _impl.dial()",
    "",
    "",
    "class Session:",
    "    def close(self):",
    "        return 2",
    "",
  ].join("\n"),
  "pylib/_impl.py": ["def dial():", "    return 3", "", "", "def _spawn():", "    return 4", "", "", "def impl_stray():", "    return 5", ""].join("\n"),

  "crate/Cargo.toml": '[package]\nname = "crate"\nversion = "0.1.0"\nedition = "2021"\n',
  "crate/src/lib.rs": ["pub mod api;", "mod util;", "", "pub use util::reexported;", "", "pub fn top() -> u8 {", "    util::helper()", "}", ""].join("\n"),
  "crate/src/api.rs": ["pub fn api_call() -> u8 {", "    1", "}", "", "fn api_private() -> u8 {", "    2", "}", ""].join("\n"),
  "crate/src/util.rs": [
    "pub fn helper() -> u8 {",
    "    3",
    "}",
    "",
    "pub fn reexported() -> u8 {",
    "    4",
    "}",
    "",
    "pub fn util_stray() -> u8 {",
    "    5",
    "}",
    "",
  ].join("\n"),
};

/** The repository's dead-code oracle (tools/bench/oracles), shared with the rxjs/effect benchmark. */
interface DeadCodeOracle {
  declaredTargets(pkg: Record<string, unknown>): string[];
  sourceOf(dir: string, target: string): string | null;
  tsFiles(dir: string): string[];
  compilerOracle(dir: string, entryFiles: readonly string[], files?: readonly string[]): { api: Set<string>; reachable: Set<string>; units: Set<string> };
}
const ORACLE = pathToFileURL(resolve(import.meta.dirname, "../../../tools/bench/oracles/dead-code-oracle.mjs")).href;

/** Where a public name is defined: root-relative file and the declared name. */
type Definition = { file: string; name: string };

/** Python's own view: import the package and read `__all__`, each name's defining module file. */
function pythonPublicApi(root: string, pkg: string): Definition[] {
  const script = [
    "import importlib, inspect, json, sys",
    `pkg = importlib.import_module(${JSON.stringify(pkg)})`,
    "out = []",
    "for name in pkg.__all__:",
    "    value = getattr(pkg, name)",
    "    out.append({'file': inspect.getsourcefile(value), 'name': value.__name__})",
    "print(json.dumps(out))",
  ].join("\n");
  const output = execFileSync("python3", ["-c", script], { cwd: root, encoding: "utf8", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
  return (JSON.parse(output) as Definition[]).map((entry) => ({ file: relative(root, entry.file), name: entry.name }));
}

/**
 * A Rust crate's public API by the language's rules, read from the text: `pub fn` items of
 * `lib.rs` and of modules reached through `pub mod` from it, plus `pub use` re-exports.
 */
function rustPublicApi(root: string, lib: string): Definition[] {
  const found: Definition[] = [];
  const visit = (file: string) => {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/^pub fn (\w+)/gm)) found.push({ file, name: match[1]! });
    for (const match of text.matchAll(/^pub mod (\w+);/gm)) visit(join(dirname(file), `${match[1]}.rs`));
    for (const match of text.matchAll(/^pub use (\w+)::(\w+);/gm)) found.push({ file: join(dirname(file), `${match[1]}.rs`), name: match[2]! });
  };
  visit(lib);
  return found;
}

/**
 * The Python and Rust oracle: symbols reachable from the public API over resolved calls
 * and class membership, walked here with SQL over index.db (not with tsift's graph code).
 */
function reachableFrom(db: import("better-sqlite3").Database, api: readonly Definition[]): Set<string> {
  const byFileName = db.prepare("SELECT id FROM symbols WHERE file = ? AND name = ? AND parent IS NULL").pluck();
  const callees = db.prepare("SELECT DISTINCT resolved_symbol_id FROM calls WHERE caller_symbol_id = ? AND resolved_symbol_id IS NOT NULL").pluck();
  const members = db
    .prepare("SELECT m.id FROM symbols m JOIN symbols t ON t.file = m.file AND t.qualified_name = m.parent WHERE t.id = ? AND m.visibility IS NOT 'private'")
    .pluck();
  const describe = db.prepare("SELECT file || ':' || qualified_name FROM symbols WHERE id = ?").pluck();
  const queue: number[] = api.flatMap((entry) => byFileName.all(entry.file, entry.name) as number[]);
  const seen = new Set<number>(queue);
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const next of [...(callees.all(id) as number[]), ...(members.all(id) as number[])]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return new Set([...seen].map((id) => describe.get(id) as string));
}

describe("dead code: a library's declared public API is live", () => {
  it("package.json exports through barrels, Python __all__ and Rust pub items agree with an independent reachability oracle", async () => {
    const root = tempTree(LIBRARY);
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    const reader = await openIndexReader(location);
    try {
      const { compilerOracle, declaredTargets, sourceOf, tsFiles } = (await import(ORACLE)) as DeadCodeOracle;
      // TypeScript: the compiler's exports of the modules package.json declares, and what they reach by reference.
      const pkg = JSON.parse(LIBRARY["package.json"]!) as Record<string, unknown>;
      const entryModules = [...new Set(declaredTargets(pkg).map((target) => sourceOf(root, target)))].filter((file): file is string => file !== null).sort();
      expect(entryModules).toEqual(["src/index.ts", "src/operators/index.ts"]);
      const typescript = compilerOracle(root, entryModules, tsFiles(join(root, "src")));
      const api = [...pythonPublicApi(root, "pylib"), ...rustPublicApi(root, "crate/src/lib.rs")];
      // The oracle's inputs are what each toolchain says, not what tsift says.
      expect([...typescript.api].sort()).toEqual(
        expect.arrayContaining(["src/internal/create.ts:ofValues", "src/internal/keep.ts:keepIf", "src/internal/map.ts:mapValues"]),
      );
      expect(api.map((entry) => entry.name)).toEqual(expect.arrayContaining(["connect", "_spawn", "api_call", "reexported"]));
      const live = new Set([...typescript.reachable, ...reachableFrom(reader.database, api)]);

      const report = analyzeCallGraph(reader.database, { limit: 0, root });
      const dead = report.dead_code.dead_nodes.map((node) => `${node.file}:${node.name}`);
      const wronglyDead = dead.filter((node) => live.has(node));
      expect.soft(wronglyDead).toEqual([]);
      // Everything the oracle cannot reach is reported dead: the public API does not hide
      // strays. Over the declarations the oracle knows: TypeScript's named units, every
      // function and method of the Python and Rust code.
      const graphNodes = reader.database
        .prepare("SELECT file || ':' || qualified_name FROM symbols WHERE kind IN ('function', 'method') ORDER BY 1")
        .pluck()
        .all() as string[];
      const known = graphNodes.filter((node) => !node.startsWith("src/") || typescript.units.has(node));
      const unreachable = known.filter((node) => !live.has(node));
      expect(dead.filter((node) => known.includes(node)).sort()).toEqual(unreachable);
      // Inline functions are no named declarations the oracle keys; what holds them is live, so they are.
      expect(graphNodes).toEqual(expect.arrayContaining(["src/internal/subject.ts:target.onopen", "src/internal/errors.ts:FailureImpl"]));
      expect(dead.filter((node) => node.endsWith("target.onopen") || node.endsWith("FailureImpl"))).toEqual([]);
    } finally {
      await reader.close();
    }
  });
});
