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
    "src/store.ts": "export function get(key: string) { return key; }\nexport class Store {\n  static make() { return new Store(); }\n  read() { return get('k'); }\n}\n",
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
    const answers = () => query(location.dbPath, `SELECT c.file, c.line, c.callee_name, c.resolution, s.file || ':' || s.qualified_name AS target FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id ORDER BY 1, 2, 3`);
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
    const root = tempTree({ "a.ts": "import { get as fetchIt } from './store';\nexport function main() { fetchIt(); }\n", "store.ts": "export function other() {}\n" });
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

  it("resolves Python relative imports and self calls", async () => {
    const root = tempTree({
      "pkg/__init__.py": "",
      "pkg/db.py": "def helper():\n    pass\n\nclass Store:\n    pass\n",
      "pkg/app.py": "from .db import helper, Store as S\n\nclass App:\n    def run(self):\n        self.step()\n        helper()\n        S()\n\n    def step(self):\n        pass\n",
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
