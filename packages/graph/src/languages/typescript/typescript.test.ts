import { describe, expect, it } from "vitest";
import type { Lang } from "../../lang";
import { extractFile } from "../../extract-file";

const lines = (...rows: string[]) => `${rows.join("\n")}\n`;
const extract = (source: string, lang: Lang = "typescript") => extractFile(lang, source);
const symbols = (source: string, lang: Lang = "typescript") => extract(source, lang).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line]);
const symbol = (source: string, qualifiedName: string, lang: Lang = "typescript") => {
  const found = extract(source, lang).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string, lang: Lang = "typescript") => extract(source, lang).calls.map((c) => [c.caller, c.receiver, c.callee, c.line, c.kind]);

describe("typescript/javascript extraction — original acceptance cases (1-based lines)", () => {
  it.each<[Lang, string, string, string | null]>([
    ["typescript", "function greet(): void {}\nclass Foo {}\n", "greet", "function greet(: {"],
    ["tsx", "export const App = () => null;\nclass Foo {}\n", "App", "export const App = ( =>"],
    ["javascript", "function hello() {}\nclass Widget {}\n", "hello", "function hello( {"],
    ["jsx", "export const App = () => null;\nclass Widget {}\n", "App", null],
  ])("%s: conformance source yields %s as a function", (lang, source, name, truncated) => {
    const result = extract(source, lang);
    expect(result.symbols.find((s) => s.name === name)).toMatchObject({ kind: "function", line: 1 });
    expect(result.symbols.map((s) => s.kind)).toContain("class");
    expect(result.has_errors).toBe(false);
    if (truncated !== null) {
      expect(() => extract(truncated, lang)).not.toThrow();
      expect(extract(truncated, lang).has_errors).toBe(true);
    }
  });

  it("keeps the conformance invariants on every fixture-like source", () => {
    const source = lines("export class A {", "  m() { return 1; }", "}", "export const f = () => 2;", "interface I { x(): void }");
    const found = extract(source).symbols;
    for (const s of found) {
      expect(s.name).not.toBe("");
      expect(s.kind).not.toBe("");
      expect(s.line).toBeLessThanOrEqual(s.end_line);
    }
    expect(found.map((s) => s.line)).toEqual([...found.map((s) => s.line)].sort((a, b) => a - b));
    expect(extract("")).toMatchObject({ symbols: [], calls: [], imports: [], has_errors: false });
  });

  it("TS: declarations and arrow consts (lang.rs case)", () => {
    const source = lines(
      "function greet(): void {}",
      "class Foo {}",
      "interface Bar {}",
      "type Alias = string;",
      "enum Color { Red }",
      "export const Arrow = () => {};",
      "export const Inc = (x: number): number => x + 1;",
      "const local = () => {};",
      "function regular() {}",
    );
    expect(extract(source).symbols.map((s) => [s.name, s.kind])).toEqual([
      ["greet", "function"],
      ["Foo", "class"],
      ["Bar", "interface"],
      ["Alias", "type_alias"],
      ["Color", "enum"],
      ["Arrow", "function"],
      ["Inc", "function"],
      ["local", "function"],
      ["regular", "function"],
    ]);
    expect(symbol(source, "Inc").signature).toBe("export const Inc = (x: number): number");
  });

  it("TSX and JSX components, JS arrows (lang.rs cases)", () => {
    expect(symbols("export const MyComponent = () => <div>hello</div>;\nfunction Other() { return null; }\n", "tsx")).toEqual([
      ["MyComponent", "function", 1, 1],
      ["Other", "function", 2, 2],
    ]);
    expect(symbols("export const App = () => <main />;\nexport default function Page() { return <App />; }\n", "jsx")).toEqual([
      ["App", "function", 1, 1],
      ["Page", "function", 2, 2],
    ]);
    const js = lines("function hello() {}", "class Widget {}", "const handler = (e) => e;", "let helper = function () {};", "function regular() {}");
    expect(extract(js, "javascript").symbols.map((s) => [s.name, s.kind])).toEqual([
      ["hello", "function"],
      ["Widget", "class"],
      ["handler", "function"],
      ["helper", "function"],
      ["regular", "function"],
    ]);
  });

  it("records method calls by name and new as its own kind", () => {
    const source = lines("function main() {", "  obj.method();", "  arr.push(1);", "  helper();", "  new Foo();", "}");
    expect(calls(source)).toEqual([
      ["main", "obj", "method", 2, "call"],
      ["main", "arr", "push", 3, "call"],
      ["main", null, "helper", 4, "call"],
      ["main", null, "Foo", 5, "new"],
    ]);
  });
});

describe("typescript extraction — classes", () => {
  const service = lines(
    "@Injectable()",
    "export abstract class Service<T> extends Base implements Api {",
    "  private cache = new Map();",
    "  static count = 0;",
    "  constructor(private readonly store: Store) { super(store); }",
    "  get size(): number { return 1; }",
    "  set size(value: number) {}",
    "  protected abstract load(id: string): T;",
    "  @Get(':id')",
    "  // a comment between decorator and method",
    "  public async find(@Param('id') id: string): Promise<T> { return this.#read(id); }",
    "  #read(id: string): T { return this.store.get(id); }",
    "  onChange = async (value: T): Promise<void> => { await this.store.put(value); };",
    "  static create() { return new (class Impl {})(); }",
    "}",
  );

  it("gives methods, constructors, accessors and field arrows their kinds, parents and visibility", () => {
    expect(extract(service).symbols.map((s) => [s.qualified_name, s.kind, s.visibility, s.line])).toEqual([
      ["Service", "class", "public", 1],
      ["Service.constructor", "constructor", "public", 5],
      ["Service.size", "getter", "public", 6],
      ["Service.size", "setter", "public", 7],
      ["Service.load", "method", "protected", 8],
      ["Service.find", "method", "public", 9],
      ["Service.#read", "method", "private", 12],
      ["Service.onChange", "method", "public", 13],
      // Same span on one line: the extractor's sort breaks the tie by name.
      ["Service.create.Impl", "class", null, 14],
      ["Service.create", "method", "public", 14],
    ]);
  });

  it("keeps decorators and modifiers in signatures and drops the body", () => {
    expect(symbol(service, "Service").signature).toBe("@Injectable() export abstract class Service<T> extends Base implements Api");
    expect(symbol(service, "Service.find").signature).toBe("@Get(':id') public async find(@Param('id') id: string): Promise<T>");
    expect(symbol(service, "Service.onChange").signature).toBe("onChange = async (value: T): Promise<void>");
    expect(symbol(service, "Service.load")).toMatchObject({ signature: "protected abstract load(id: string): T" });
    expect(symbol(service, "Service.load").complexity).toBeUndefined();
  });

  it("records calls on this, super and private members, not decorator calls", () => {
    expect(calls(service)).toEqual([
      [null, null, "Map", 3, "new"],
      ["Service.constructor", null, "super", 5, "call"],
      ["Service.find", "this", "#read", 11, "call"],
      ["Service.#read", "this.store", "get", 12, "call"],
      ["Service.onChange", "this.store", "put", 13, "call"],
    ]);
  });

  it("treats JS decorators (children of the member) like TS ones", () => {
    const source = lines("@sealed", "class A {", "  @log", "  m() { run(); }", "  #p = 1;", "  static #q() {}", "}");
    expect(extract(source, "javascript").symbols.map((s) => [s.qualified_name, s.kind, s.visibility, s.line, s.signature])).toEqual([
      ["A", "class", "module", 1, "@sealed class A"],
      ["A.m", "method", "public", 3, "@log m()"],
      ["A.#q", "method", "private", 6, "static #q()"],
    ]);
  });
});

describe("typescript extraction — overloads, interfaces, namespaces", () => {
  it("keeps one symbol per overloaded implementation, from its first overload, and bodiless declarations without one", () => {
    const source = lines(
      "export function parse(a: string): number;",
      "export function parse(a: number): number;",
      "export function parse(a: unknown): number { return 0; }",
      "declare function audit(m: string): void;",
      "class C {",
      "  run(a: string): void;",
      "  run(a: unknown) {}",
      "}",
      "declare class D {",
      "  run(a: string): void;",
      "}",
    );
    expect(symbols(source)).toEqual([
      ["parse", "function", 1, 3],
      ["audit", "function", 4, 4],
      ["C", "class", 5, 8],
      ["C.run", "method", 6, 7],
      ["D", "class", 9, 11],
      ["D.run", "method", 10, 10],
    ]);
    expect(symbol(source, "parse").signature).toBe("export function parse(a: string): number (+1 overload)");
    expect(symbol(source, "C.run").signature).toBe("run(a: string): void");
    expect(symbol(source, "audit").signature).toBe("declare function audit(m: string): void");
    expect(symbol(source, "audit").complexity).toBeUndefined();
  });

  it("gives interface and object-type members the interface or alias as parent", () => {
    const source = lines(
      "export interface Repo<T> extends Base {",
      "  find(id: string): T;",
      "  name: string;",
      "}",
      "type Listener = { on(e: Event): void };",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility, s.signature])).toEqual([
      ["Repo", "interface", "public", "export interface Repo<T> extends Base"],
      ["Repo.find", "method", "public", "find(id: string): T"],
      ["Listener", "type_alias", "module", "type Listener"],
      ["Listener.on", "method", "public", "on(e: Event): void"],
    ]);
  });

  it("qualifies namespace members; ambient modules export everything", () => {
    const source = lines(
      "namespace Outer {",
      "  export namespace Inner {",
      "    export function f() {}",
      "    function g() {}",
      "  }",
      "}",
      "namespace A.B { export const c = 1; }",
      'declare module "lib" {',
      "  function h(): void;",
      "}",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Outer", "namespace", "module"],
      ["Outer.Inner", "namespace", "public"],
      ["Outer.Inner.f", "function", "public"],
      ["Outer.Inner.g", "function", "module"],
      ["A.B", "namespace", "module"],
      ["A.B.c", "const", "public"],
      ["lib", "namespace", "public"],
      ["lib.h", "function", "public"],
    ]);
  });
});

describe("typescript extraction — bindings and visibility", () => {
  it("exported, listed in export { }, and plain top-level declarations", () => {
    const source = lines(
      "export function a() {}",
      "function b() {}",
      "const c = () => {};",
      "export { b, c as renamed };",
      "function d() { function inner() {} }",
      "export default function () {}",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.visibility])).toEqual([
      ["a", "public"],
      ["b", "public"],
      ["c", "public"],
      ["d", "module"],
      ["d.inner", null],
      ["default", "public"],
    ]);
  });

  it("names object-literal methods and arrow properties after the binding", () => {
    const source = lines(
      "export const api = {",
      "  get(id: string) { return load(id); },",
      "  remove: async (id: string) => drop(id),",
      "  nested: { ping() {} },",
      "  version: 2,",
      "};",
      "const local = { run: function () {} };",
      "register({ handle() { work(); } });",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["api", "const", "public"],
      ["api.get", "method", "public"],
      ["api.remove", "method", "public"],
      ["api.nested", "property", "public"],
      ["api.nested.ping", "method", "public"],
      ["local", "const", "module"],
      ["local.run", "method", "module"],
      ["handle", "method", null],
    ]);
    expect(calls(source)).toEqual([
      ["api.get", null, "load", 2, "call"],
      ["api.remove", null, "drop", 3, "call"],
      [null, null, "register", 8, "call"],
      ["handle", null, "work", 8, "call"],
    ]);
  });

  it("module-level constants and variables are symbols, locals are not", () => {
    const source = lines(
      "export const LIMIT = 50;",
      "let counter = 0, step = 2;",
      "const config = loadConfig({",
      "  a: 1,",
      "});",
      "function f() { const x = 1; }",
    );
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.signature, s.line, s.end_line])).toEqual([
      ["LIMIT", "const", "export const LIMIT = 50", 1, 1],
      ["counter", "variable", "let counter = 0", 2, 2],
      ["step", "variable", "let step = 2", 2, 2],
      ["config", "const", "const config", 3, 5],
      ["f", "function", "function f()", 6, 6],
    ]);
  });

  it("sees through memo/forwardRef/useCallback wrappers and as-expressions", () => {
    const source = lines(
      "export const Button = React.memo(forwardRef((props, ref) => <button ref={ref} />));",
      "export const handler = ((e: Event) => e) as Handler;",
      "function Form() {",
      "  const submit = useCallback(() => send(), []);",
      "}",
    );
    expect(extract(source, "tsx").symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Button", "function", "public"],
      ["handler", "function", "public"],
      ["Form", "function", "module"],
      ["Form.submit", "function", null],
    ]);
  });

  it("CommonJS exports, prototype and constructor-function methods", () => {
    const source = lines(
      "function Cache() {",
      "  this.clear = function () { reset(); };",
      "}",
      "Cache.prototype.get = function (key) { return key; };",
      "exports.make = () => new Cache();",
      "module.exports = { helper() {}, other: () => 1 };",
      "module.exports.start = function start() {};",
    );
    expect(extract(source, "javascript").symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Cache", "function", "module"],
      ["Cache.clear", "method", "public"],
      ["Cache.get", "method", "public"],
      ["make", "function", "public"],
      ["helper", "function", "public"],
      ["other", "function", "public"],
      ["start", "function", "public"],
    ]);
  });

  it("decorated exported classes start at the decorator", () => {
    const source = lines("@Component({", "  selector: 'x',", "})", "export class Widget {}");
    expect(symbol(source, "Widget")).toMatchObject({
      line: 1,
      end_line: 4,
      signature: "@Component({ selector: 'x', }) export class Widget",
      visibility: "public",
    });
  });
});

describe("typescript extraction — calls", () => {
  it("keeps the receiver text, optional chaining and chains", () => {
    const source = lines(
      "function run() {",
      "  a?.b?.c();",
      "  this.store.get(k);",
      "  super.dispose();",
      "  items['push'](1);",
      "  db",
      "    .select()",
      "    .from(users);",
      "  new ns.Client();",
      "  tag`x`;",
      "}",
    );
    expect(calls(source)).toEqual([
      ["run", "a?.b", "c", 2, "call"],
      ["run", "this.store", "get", 3, "call"],
      ["run", "super", "dispose", 4, "call"],
      ["run", "items", "push", 5, "call"],
      ["run", "db", "select", 7, "call"],
      ["run", "db.select()", "from", 8, "call"],
      ["run", "ns", "Client", 9, "new"],
      ["run", null, "tag", 10, "call"],
    ]);
  });

  it("caps long receivers on one line", () => {
    const source = `function f() { ${"x".repeat(100)}.go(); }`;
    const [call] = extract(source).calls;
    expect(call!.receiver!.length).toBeLessThanOrEqual(80);
    expect(call!.receiver!.endsWith("…")).toBe(true);
  });

  it("attributes calls in callbacks to the enclosing named function", () => {
    const source = lines("function load() {", "  items.forEach((item) => {", "    save(item);", "  });", "}", "items.map((x) => top(x));");
    expect(calls(source)).toEqual([
      ["load", "items", "forEach", 2, "call"],
      ["load", null, "save", 3, "call"],
      [null, "items", "map", 6, "call"],
      [null, null, "top", 6, "call"],
    ]);
  });

  it("records capitalised JSX elements as component calls", () => {
    const source = "export function App() { return <Layout><Ui.Button onClick={() => go()} /><div /></Layout>; }\n";
    expect(calls(source, "tsx")).toEqual([
      ["App", null, "Layout", 1, "call"],
      ["App", "Ui", "Button", 1, "call"],
      ["App", null, "go", 1, "call"],
    ]);
  });

  it("records no calls from type positions", () => {
    expect(calls("function f(x: ReturnType<typeof g>): Promise<A> { return x; }\n")).toEqual([]);
  });
});

describe("typescript extraction — imports", () => {
  it("reads ES imports, export-from, require and dynamic import", () => {
    const source = lines(
      'import def, { a as b, c } from "./m";',
      'import * as ns from "ns";',
      'import type { T } from "./types";',
      'import "./side-effect";',
      'import fs = require("fs");',
      'export { x as y, z } from "./z";',
      'export * from "./all";',
      'export * as all2 from "./all2";',
      'const path = require("path");',
      'const { readFile: read, stat } = require("fs/promises");',
      'const child = require("./log").child;',
      'require("dotenv/config");',
      "async function f() {",
      '  const { plugin } = await import("./plugin");',
      '  import("./lazy");',
      "  import(dynamicName);",
      "}",
    );
    expect(extract(source).imports.map((i) => [i.line, i.kind, i.module, i.names])).toEqual([
      [
        1,
        "import",
        "./m",
        [
          { name: "default", alias: "def" },
          { name: "a", alias: "b" },
          { name: "c", alias: null },
        ],
      ],
      [2, "import", "ns", [{ name: "*", alias: "ns" }]],
      [3, "import", "./types", [{ name: "T", alias: null }]],
      [4, "import", "./side-effect", []],
      [5, "require", "fs", [{ name: "*", alias: "fs" }]],
      [
        6,
        "export_from",
        "./z",
        [
          { name: "x", alias: "y" },
          { name: "z", alias: null },
        ],
      ],
      [7, "export_from", "./all", [{ name: "*", alias: null }]],
      [8, "export_from", "./all2", [{ name: "*", alias: "all2" }]],
      [9, "require", "path", [{ name: "*", alias: "path" }]],
      [
        10,
        "require",
        "fs/promises",
        [
          { name: "readFile", alias: "read" },
          { name: "stat", alias: null },
        ],
      ],
      [11, "require", "./log", [{ name: "child", alias: null }]],
      [12, "require", "dotenv/config", []],
      [14, "dynamic", "./plugin", [{ name: "plugin", alias: null }]],
      [15, "dynamic", "./lazy", []],
    ]);
    // require and import() are imports, not call sites; module-level require bindings are not constants.
    expect(extract(source).calls).toEqual([]);
    expect(extract(source).symbols.map((s) => s.name)).toEqual(["f"]);
  });
});

describe("typescript extraction — complexity", () => {
  it("counts branches, logical operators and catch, and nests else-if at one level", () => {
    const source = lines(
      "function decide(a: number, b?: string): string {",
      "  if (a > 1 && b) {",
      "    return 'x';",
      "  } else if (a < 0 || !b) {",
      "    for (const c of b ?? '') {",
      "      while (c) { break; }",
      "    }",
      "  } else {",
      "    try { a ??= 1; } catch { return a ? 'y' : 'z'; }",
      "  }",
      "  switch (a) { case 1: return '1'; case 2: return '2'; default: return ''; }",
      "}",
    );
    // if, &&, else if, ||, for, ??, while, ??=, catch, ternary, 2 cases = 12 decision points.
    expect(symbol(source, "decide").complexity).toEqual({ cyclomatic: 13, max_nesting: 3, lines: 12 });
  });

  it("charges nested named functions their own complexity", () => {
    const source = lines("function outer(x) {", "  const inner = () => (x ? 1 : 2);", "  return x || inner();", "}");
    expect(symbol(source, "outer").complexity?.cyclomatic).toBe(2);
    expect(symbol(source, "outer.inner").complexity?.cyclomatic).toBe(2);
  });
});

describe("typescript extraction — broken input", () => {
  it("recovers the declarations around a syntax error", () => {
    const source = lines("export function ok() { a(); }", "function broken(: {", "  const x = ;", "}", "export class Survivor {", "  run() { ok(); }", "}");
    const result = extract(source);
    expect(result.has_errors).toBe(true);
    expect(result.symbols.map((s) => s.qualified_name)).toEqual(expect.arrayContaining(["ok", "Survivor", "Survivor.run"]));
  });
});
