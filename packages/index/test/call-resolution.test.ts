import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexLocation, updateIndex } from "../src/index";
import { query } from "./db-helpers";
import { bumpMtime, tempTree, writeTree } from "./helpers";

interface CallRow {
  caller_name: string | null;
  callee_name: string;
  receiver: string | null;
  resolution: string;
  target: string | null;
}

const CALLS = `SELECT c.caller_name, c.callee_name, c.receiver, c.resolution, s.file || ':' || s.qualified_name AS target
  FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id ORDER BY c.file, c.line, c.id`;

describe("call resolution at index time (TypeScript)", () => {
  const tree = {
    "src/store.ts":
      "export function get(key: string) { return key; }\nexport class Store {\n  static make() { return new Store(); }\n  read() { return get('k'); }\n}\n",
    "src/util/index.ts": "export function format(x: string) { return x; }\nexport function shared() {}\n",
    "src/other.ts": "export function shared() {}\nexport function lonely() {}\n",
    "src/app.ts": [
      "import { get as fetchIt, Store } from './store';",
      "import * as util from './util';",
      "import { join } from 'node:path';",
      "export class App {",
      "  run() {",
      "    this.helper();",
      "    fetchIt('a');",
      "    util.format('b');",
      "    Store.make();",
      "    new Store();",
      "    join('a', 'b');",
      "    lonely();",
      "    shared();",
      "    this.cache.read();",
      "    missing();",
      "  }",
      "  helper() { return local(); }",
      "}",
      "function local() { return 1; }",
      "",
    ].join("\n"),
  };

  it("resolves scope, file and import names and leaves the rest unresolved", async () => {
    const root = tempTree(tree);
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS).filter((row) => row.caller_name?.startsWith("App."));
    expect(rows.map((row) => [row.callee_name, row.resolution, row.target])).toEqual([
      ["helper", "same_scope", "src/app.ts:App.helper"],
      ["fetchIt", "import", "src/store.ts:get"],
      ["format", "import", "src/util/index.ts:format"],
      ["make", "import", "src/store.ts:Store.make"],
      ["Store", "import", "src/store.ts:Store"],
      ["join", "unresolved", null],
      // An ES module sees only its own and imported names: no guess among other files' functions.
      ["lonely", "unresolved", null],
      ["shared", "unresolved", null],
      // A receiver of unknown type is never bound to the one indexed method of that name.
      ["read", "unresolved", null],
      ["missing", "unresolved", null],
      ["local", "same_file", "src/app.ts:local"],
    ]);
    expect(query(location.dbPath, "SELECT module, name, alias, resolved_file FROM imports WHERE file = 'src/app.ts' ORDER BY id")).toEqual([
      { module: "./store", name: "get", alias: "fetchIt", resolved_file: "src/store.ts" },
      { module: "./store", name: "Store", alias: null, resolved_file: "src/store.ts" },
      { module: "./util", name: "*", alias: "util", resolved_file: "src/util/index.ts" },
      { module: "node:path", name: "join", alias: null, resolved_file: null },
    ]);
  });

  it("re-resolves calls in unchanged files when definitions come and go", async () => {
    // Script files (no import or export) share one global scope, so a unique name decides.
    const root = tempTree({ "a.ts": "function main() { target(); }\n", "b.ts": "function target() {}\n" });
    const location = indexLocation(root);
    const resolutionOfMain = () => query<CallRow>(location.dbPath, CALLS).map((row) => [row.resolution, row.target]);
    await updateIndex(location);
    expect(resolutionOfMain()).toEqual([["global_unique", "b.ts:target"]]);
    writeTree(root, { "c.ts": "function target() {}\n" });
    await updateIndex(location);
    expect(resolutionOfMain()).toEqual([["ambiguous", null]]);
    unlinkSync(join(root, "b.ts"));
    await updateIndex(location);
    expect(resolutionOfMain()).toEqual([["global_unique", "c.ts:target"]]);
    unlinkSync(join(root, "c.ts"));
    await updateIndex(location);
    expect(resolutionOfMain()).toEqual([["unresolved", null]]);
  });

  it("gives after every incremental update the answers a full rebuild gives", async () => {
    const root = tempTree({
      "a.ts": "import { helper as h } from './b';\nimport * as c from './c';\nexport function main() { h(); c.run(); shared(); this.x(); }\n",
      "b.ts": "export function helper() { return shared(); }\n",
      "c.ts": "export function run() {}\nexport class K { x() { return run(); } }\n",
    });
    const location = indexLocation(root);
    const answers = () =>
      query(
        location.dbPath,
        `SELECT c.file, c.line, c.callee_name, c.resolution, s.file || ':' || s.qualified_name AS target FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id ORDER BY 1, 2, 3`,
      );
    const edits: Record<string, string | null>[] = [
      { "d.ts": "export function shared() {}\n" },
      { "e.ts": "export function shared() {}\n" },
      { "b.ts": "export function helper() {}\nexport function shared() {}\n" },
      { "d.ts": null, "e.ts": null },
      { "c.ts": "export function run2() {}\n" },
      { "c/index.ts": "export function run() {}\n", "c.ts": null },
    ];
    await updateIndex(location);
    let step = 0;
    for (const edit of edits) {
      step++;
      for (const [path, content] of Object.entries(edit)) {
        if (content === null) unlinkSync(join(root, path));
        else {
          writeTree(root, { [path]: content });
          bumpMtime(join(root, path), step * 10);
        }
      }
      await updateIndex(location);
      const incremental = answers();
      await updateIndex(location, { rebuild: true });
      expect(incremental, `after edit ${step}`).toEqual(answers());
    }
  });

  it("follows aliased imports when the imported file changes", async () => {
    const root = tempTree({
      "a.ts": "import { get as fetchIt } from './store';\nexport function main() { fetchIt(); }\n",
      "store.ts": "export function other() {}\n",
    });
    const location = indexLocation(root);
    const targets = () => query<CallRow>(location.dbPath, CALLS).map((row) => [row.callee_name, row.resolution, row.target]);
    await updateIndex(location);
    expect(targets()).toEqual([["fetchIt", "unresolved", null]]);
    writeFileSync(join(root, "store.ts"), "export function get() {}\n");
    bumpMtime(join(root, "store.ts"));
    await updateIndex(location);
    expect(targets()).toEqual([["fetchIt", "import", "store.ts:get"]]);
    writeFileSync(join(root, "store.ts"), "export function got() {}\n");
    bumpMtime(join(root, "store.ts"), 10);
    await updateIndex(location);
    expect(targets()).toEqual([["fetchIt", "unresolved", null]]);
  });

  it("binds receiver calls through declared types, fields, return types and base classes", async () => {
    const root = tempTree({
      "src/base.ts": "export class Base {\n  close() {}\n}\n",
      "src/store.ts": [
        "import { Base } from './base';",
        "export class Store extends Base {",
        "  static open(): Store { return new Store(); }",
        "  get(key: string) { return key; }",
        "}",
        "export const make = () => Store.open();",
        "const alias = make;",
        "export { alias as build };",
        "",
      ].join("\n"),
      "src/cache.ts": "export class Cache {\n  get(key: string) { return key; }\n}\n",
      "src/app.ts": [
        "import { Store, make, build } from './store';",
        "import { Cache } from './cache';",
        "export class App {",
        "  private readonly store = Store.open();",
        "  constructor(private readonly cache: Cache) {}",
        "  run(other: Store, items: Map<string, string>) {",
        "    this.store.get('a');",
        "    this.cache.get('b');",
        "    other.close();",
        "    make().get('c');",
        "    items.get('d');",
        "    const local = new Cache();",
        "    local.get('e');",
        "    build();",
        "  }",
        "  each(make: () => void) { make(); }",
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS).filter((row) => row.caller_name === "App.run" || row.caller_name === "App.each");
    expect(rows.map((row) => [row.receiver ? `${row.receiver}.${row.callee_name}` : row.callee_name, row.resolution, row.target])).toEqual([
      ["this.store.get", "typed", "src/store.ts:Store.get"],
      ["this.cache.get", "typed", "src/cache.ts:Cache.get"],
      ["other.close", "typed", "src/base.ts:Base.close"],
      ["make().get", "typed", "src/store.ts:Store.get"],
      ["make", "import", "src/store.ts:make"],
      // A Map is not indexed: none of the indexed `get` methods is its `get`.
      ["items.get", "unresolved", null],
      ["Cache", "import", "src/cache.ts:Cache"],
      ["local.get", "typed", "src/cache.ts:Cache.get"],
      ["build", "import", "src/store.ts:alias"],
      // A parameter named like an imported function is the parameter.
      ["make", "unresolved", null],
    ]);
  });

  it("binds calls through union aliases, function-typed interface members and curried results", async () => {
    const root = tempTree({
      "src/pipeable.ts": "export interface Pipeable {\n  pipe(): unknown;\n}\n",
      "src/option.ts": [
        "import type { Pipeable } from './pipeable';",
        "export interface None extends Pipeable { readonly _tag: 'None' }",
        "export interface Some extends Pipeable { readonly _tag: 'Some'; readonly value: number }",
        "export type Option = None | Some | undefined;",
        "export const none = (): Option => undefined;",
        "",
      ].join("\n"),
      "src/shape.ts": [
        "export interface Circle {\n  area(): number;\n  readonly grow: (by: number) => Circle;\n}",
        "export interface Square {\n  area(): number;\n}",
        "export type Shape = Circle | Square;",
        "export type Store = {\n  readonly get: (key: string) => string;\n  readonly label: string;\n};",
        "export class Other {\n  area() { return 0; }\n  get(key: string) { return key; }\n}",
        "export const curried: (a: number) => (b: number) => Circle = (a) => (b) => ({ area: () => a + b, grow: () => curried(a)(b) });",
        "export const dual: { (by: number): (self: Circle) => Circle; (self: Circle, by: number): Circle } = null!;",
        "",
      ].join("\n"),
      "src/app.ts": [
        "import { none } from './option';",
        "import { curried, dual, type Circle, type Shape, type Store } from './shape';",
        "export function run(shape: Shape, store: Store, circle: Circle) {",
        "  none().pipe();",
        "  shape.area();",
        "  store.get('k');",
        "  circle.grow(2).area();",
        "  curried(1)(2).area();",
        "  dual(1)(circle).area();",
        "  curried(1).area();",
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS).filter((row) => row.caller_name === "run");
    expect(rows.map((row) => [row.receiver ? `${row.receiver}.${row.callee_name}` : row.callee_name, row.resolution, row.target])).toEqual([
      // `Option` is `None | Some`: both inherit the one `pipe`.
      ["none().pipe", "typed", "src/pipeable.ts:Pipeable.pipe"],
      ["none", "import", "src/option.ts:none"],
      // Circle and Square declare `area` each: both are candidates, so neither is claimed.
      ["shape.area", "ambiguous", null],
      // A function-typed member of a type alias's object type is a method of it.
      ["store.get", "typed", "src/shape.ts:Store.get"],
      ["circle.grow(2).area", "typed", "src/shape.ts:Circle.area"],
      ["circle.grow", "typed", "src/shape.ts:Circle.grow"],
      // Calling what `curried(1)` returns yields a Circle; so does a dual API's curried form.
      ["curried(1)(2).area", "typed", "src/shape.ts:Circle.area"],
      ["curried", "import", "src/shape.ts:curried"],
      ["dual(1)(circle).area", "typed", "src/shape.ts:Circle.area"],
      ["dual", "import", "src/shape.ts:dual"],
      // `curried(1)` is a function: none of the indexed `area` methods is its member.
      ["curried(1).area", "unresolved", null],
      ["curried", "import", "src/shape.ts:curried"],
    ]);
  });

  it("binds calls through `this:` parameters, type-parameter bounds, inline option types and callable types", async () => {
    const root = tempTree({
      "src/schema.ts": [
        "export interface Top {\n  pipe(): unknown;\n  annotate(note: string): this;\n}",
        "export interface Lambda {\n  <S extends Top>(self: S): Top;\n}",
        "export const optional: Lambda = null!;",
        "export const String: Top = null!;",
        "export type Untraced = {\n  (body: () => void): (...args: Array<number>) => Top;\n};",
        "export const fnUntraced: Untraced = null!;",
        "",
      ].join("\n"),
      "src/app.ts": [
        "import { fnUntraced, optional, String, type Top } from './schema';",
        "export const Proto = {",
        "  pipe() { return 1; },",
        "  show(this: Top) { return this.pipe(); },",
        "};",
        "export function run<S extends Top>(self: S, options: { readonly inner: Top }) {",
        "  self.pipe();",
        "  options.inner.pipe();",
        "  optional(self).pipe();",
        "  String.annotate('a').pipe();",
        "  const go = fnUntraced(() => {});",
        "  go(1).pipe();",
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS).filter((row) => row.callee_name === "pipe");
    expect(rows.map((row) => [row.caller_name, row.receiver, row.resolution, row.target])).toEqual([
      // `this: Top` says what `this` is, not the object literal around the method.
      ["Proto.show", "this", "typed", "src/schema.ts:Top.pipe"],
      ["run", "self", "typed", "src/schema.ts:Top.pipe"],
      ["run", "options.inner", "typed", "src/schema.ts:Top.pipe"],
      ["run", "optional(self)", "typed", "src/schema.ts:Top.pipe"],
      ["run", "String.annotate('a')", "typed", "src/schema.ts:Top.pipe"],
      ["run", "go(1)", "typed", "src/schema.ts:Top.pipe"],
    ]);
  });

  it("binds `this` in a typed object literal, array elements and namespace-scoped bases", async () => {
    const root = tempTree({
      "src/chunk.ts": [
        "export interface Chunk {\n  toJSON(): unknown;\n  size(): number;\n}",
        "export const Proto: Omit<Chunk, 'size'> = {",
        "  toJSON() { return 1; },",
        "  show() { return this.toJSON(); },",
        "};",
        "export const Plain = {",
        "  toJSON() { return 1; },",
        "  show() { return this.toJSON(); },",
        "};",
        "export type TimeZone = TimeZone.Offset | TimeZone.Named;",
        "export declare namespace TimeZone {",
        "  interface Proto {\n    format(): string;\n  }",
        "  interface Offset extends Proto {\n    readonly offset: number;\n  }",
        "  interface Named extends Proto {\n    readonly id: string;\n  }",
        "}",
        "export class Pool {\n  readonly slots: Array<Chunk> = [];\n}",
        "export function run(chunks: Chunk[], zone: TimeZone, pool: Pool) {",
        "  chunks[0].size();",
        "  for (const chunk of chunks) chunk.size();",
        "  zone.format();",
        "  pool.slots[1].size();",
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS).filter((row) => row.receiver !== null);
    expect(rows.map((row) => [row.caller_name, `${row.receiver}.${row.callee_name}`, row.resolution, row.target])).toEqual([
      // TS types `this` in a literal with a declared type as that type: the interface's member.
      ["Proto.show", "this.toJSON", "typed", "src/chunk.ts:Chunk.toJSON"],
      ["Plain.show", "this.toJSON", "same_scope", "src/chunk.ts:Plain.toJSON"],
      ["run", "chunks[0].size", "typed", "src/chunk.ts:Chunk.size"],
      ["run", "chunk.size", "typed", "src/chunk.ts:Chunk.size"],
      // `Proto` inside `namespace TimeZone` is `TimeZone.Proto`.
      ["run", "zone.format", "typed", "src/chunk.ts:TimeZone.Proto.format"],
      ["run", "pool.slots[1].size", "typed", "src/chunk.ts:Chunk.size"],
    ]);
  });

  it("resolves Python relative imports and self calls", async () => {
    const root = tempTree({
      "pkg/__init__.py": "",
      "pkg/db.py": "def helper():\n    pass\n\nclass Store:\n    pass\n",
      "pkg/app.py":
        "from .db import helper, Store as S\n\nclass App:\n    def run(self):\n        self.step()\n        helper()\n        S()\n\n    def step(self):\n        pass\n",
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const rows = query<CallRow>(location.dbPath, CALLS);
    expect(rows.map((row) => [row.callee_name, row.resolution, row.target])).toEqual([
      ["step", "same_scope", "pkg/app.py:App.step"],
      ["helper", "import", "pkg/db.py:helper"],
      ["S", "import", "pkg/db.py:Store"],
    ]);
  });
});

describe("call resolution across namespaces", () => {
  it("binds an unqualified call only to its own or a wholly imported namespace's names", async () => {
    const root = tempTree({
      "src/Vendor/functions.php": "<?php\n\nnamespace GuzzleHttp;\n\nfunction json_encode($value) { return \\json_encode($value); }\n",
      "src/Vendor/Promise/helpers.php": "<?php\n\nnamespace GuzzleHttp\\Promise;\n\nfunction helper() { return 1; }\n",
      "src/Vendor/Promise/Main.php": "<?php\n\nnamespace GuzzleHttp\\Promise;\n\nfunction main() { helper(); return json_encode([1]); }\n",
      "src/App/Main.php": "<?php\n\nnamespace App;\n\nfunction run() { return json_encode([2]); }\n",
      "src/Data/Store.cs": "namespace Shop.Data\n{\n    public class Store\n    {\n        public void Save() { }\n    }\n}\n",
      "src/App/Program.cs":
        "using Shop.Data;\n\nnamespace Shop.App\n{\n    public class Program\n    {\n        public static void Main() { var store = new Store(); store.Save(); }\n    }\n}\n",
    });
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    const rows = query<CallRow>(location.dbPath, CALLS);
    const answer = (callee: string) => rows.filter((row) => row.callee_name === callee).map((row) => [row.caller_name, row.resolution, row.target]);
    // PHP falls back to the global `json_encode`, never to another or an enclosing namespace's function of that name.
    expect(answer("json_encode")).toEqual([
      ["run", "unresolved", null],
      ["main", "unresolved", null],
      ["json_encode", "unresolved", null],
    ]);
    expect(answer("helper")).toEqual([["main", "global_unique", "src/Vendor/Promise/helpers.php:helper"]]);
    expect(answer("Store")).toEqual([["Program.Main", "import", "src/Data/Store.cs:Store"]]);
    expect(answer("Save")).toEqual([["Program.Main", "typed", "src/Data/Store.cs:Store.Save"]]);
  });
});
