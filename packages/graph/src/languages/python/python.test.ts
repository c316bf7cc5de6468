import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("python", source);
const lines = (...rows: string[]) => `${rows.join("\n")}\n`;
const symbol = (source: string, qualifiedName: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string) => extract(source).calls.map((c) => [c.caller, c.receiver, c.callee, c.line]);

describe("python extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds hello in the conformance source and survives the truncated one", () => {
    const result = extract("def hello(): pass\nclass Widget: pass\n");
    expect(result.symbols.map((s) => [s.name, s.kind, s.line])).toEqual([
      ["hello", "function", 1],
      ["Widget", "class", 2],
    ]);
    expect(result.has_errors).toBe(false);
    expect(() => extract("def hello(:\nclass")).not.toThrow();
    expect(extract("def hello(:\nclass").has_errors).toBe(true);
  });

  // Original lang.rs unit case; methods are methods here, not functions.
  it("finds functions, classes, methods, async and decorated defs", () => {
    const source = lines(
      "def hello():",
      "    pass",
      "class MyClass:",
      "    def method(self):",
      "        pass",
      "    @staticmethod",
      "    def helper():",
      "        pass",
      "    @property",
      "    def name(self):",
      "        return 1",
      "async def fetch():",
      "    pass",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line])).toEqual([
      ["hello", "function", 1, 2],
      ["MyClass", "class", 3, 11],
      ["MyClass.method", "method", 4, 5],
      ["MyClass.helper", "method", 6, 8],
      ["MyClass.name", "getter", 9, 11],
      ["fetch", "function", 12, 13],
    ]);
  });

  // Original index.rs case: the Python equivalent of `fn main() { helper(); }`.
  it("attributes a call to its enclosing function", () => {
    const result = extract("def helper():\n    pass\n\ndef main():\n    helper()\n");
    expect(result.calls).toEqual([{ caller: "main", caller_line: 4, callee: "helper", receiver: null, line: 5, kind: "call" }]);
  });

  it("gives an empty result for empty source", () => {
    expect(extract("")).toMatchObject({ symbols: [], calls: [], imports: [], has_errors: false });
  });

  it("classifies constructors, accessors and static/class methods", () => {
    const source = lines(
      "class Point:",
      "    def __init__(self, x):",
      "        self._x = x",
      "    @property",
      "    def x(self):",
      "        return self._x",
      "    @x.setter",
      "    def x(self, value):",
      "        self._x = value",
      "    @x.deleter",
      "    def x(self):",
      "        del self._x",
      "    @functools.cached_property",
      "    def norm(self):",
      "        return abs(self._x)",
      "    @classmethod",
      "    def origin(cls):",
      "        return cls(0)",
      "    def __new__(cls, *args):",
      "        return super().__new__(cls)",
    );
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.line])).toEqual([
      ["Point", "class", 1],
      ["__init__", "constructor", 2],
      ["x", "getter", 4],
      ["x", "setter", 7],
      ["x", "method", 10],
      ["norm", "getter", 13],
      ["origin", "method", 16],
      ["__new__", "method", 19],
    ]);
  });

  it("spans and signs decorated definitions from the first decorator", () => {
    const source = lines(
      "@app.get(",
      '    "/items/{item_id}",',
      ")",
      "# a comment between decorators",
      "@requires_auth",
      "async def read_item(",
      "    item_id: str,",
      "    q: int = 0,",
      ") -> dict:  # trailing comment",
      "    return {}",
    );
    const read = symbol(source, "read_item");
    expect(read).toMatchObject({ line: 1, end_line: 10, kind: "function" });
    expect(read.signature).toBe('@app.get("/items/{item_id}",) @requires_auth async def read_item(item_id: str, q: int = 0,) -> dict');
    // The decorator runs at module level: its call has no caller.
    expect(extract(source).calls).toEqual([{ caller: null, caller_line: null, callee: "get", receiver: "app", line: 1, kind: "call" }]);
  });

  it("signs classes with bases, keywords and type parameters", () => {
    expect(symbol("class Box[T](Base, metaclass=Meta):\n    pass\n", "Box").signature).toBe("class Box[T](Base, metaclass=Meta)");
    expect(symbol("@dataclass\nclass P:\n    x: int\n", "P")).toMatchObject({ signature: "@dataclass class P", line: 1, end_line: 3 });
  });

  it("qualifies nested classes and functions local to functions", () => {
    const source = lines(
      "class Outer:",
      "    class Inner:",
      "        def run(self):",
      "            def step():",
      "                pass",
      "            class Local:",
      "                def go(self):",
      "                    pass",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Outer", "class", "public"],
      ["Outer.Inner", "class", "public"],
      ["Outer.Inner.run", "method", "public"],
      ["Outer.Inner.run.step", "function", "private"],
      ["Outer.Inner.run.Local", "class", "private"],
      ["Outer.Inner.run.Local.go", "method", "public"],
    ]);
  });

  it("uses the underscore convention for visibility", () => {
    const source = lines("def public(): pass", "def _internal(): pass", "class _Hidden:", "    def __mangled(self): pass", "    def __len__(self): return 0");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.visibility])).toEqual([
      ["public", "public"],
      ["_internal", "private"],
      ["_Hidden", "private"],
      ["_Hidden.__mangled", "private"],
      ["_Hidden.__len__", "public"],
    ]);
  });

  it("turns named lambdas and UPPER_CASE assignments at module and class level into symbols", () => {
    const source = lines(
      "MAX = 3",
      "_TTL: int = 60",
      "A, B = 1, 2",
      "X = Y = 0",
      "T = TypeVar('T')",
      "lower = 'not a constant'",
      "square = lambda x, y=2: x ** y",
      "TABLE = {",
      "    'a': 1,",
      "}",
      "class Color(Enum):",
      "    RED = 1",
      "    key = lambda self: self.value",
      "def f():",
      "    LOCAL = 1",
      "    inner = lambda: g()",
      "if DEBUG:",
      "    LEVEL = 'debug'",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.signature, s.visibility])).toEqual([
      ["MAX", "const", 1, "MAX = 3", "public"],
      ["_TTL", "const", 2, "_TTL: int = 60", "private"],
      ["A", "const", 3, "A, B = 1, 2", "public"],
      ["B", "const", 3, "A, B = 1, 2", "public"],
      ["X", "const", 4, "X = Y = 0", "public"],
      ["Y", "const", 4, "Y = 0", "public"],
      ["T", "const", 5, "T = TypeVar('T')", "public"],
      ["square", "function", 7, "square = lambda x, y=2", "public"],
      ["TABLE", "const", 8, "TABLE = …", "public"],
      ["Color", "class", 11, "class Color(Enum)", "public"],
      ["Color.RED", "const", 12, "RED = 1", "public"],
      ["Color.key", "method", 13, "key = lambda self", "public"],
      ["f", "function", 14, "def f()", "public"],
      ["LEVEL", "const", 18, "LEVEL = 'debug'", "public"],
    ]);
    // The lambda inside f is not a symbol: its call belongs to f.
    expect(extract(source).calls.map((c) => [c.caller, c.callee])).toEqual([
      [null, "TypeVar"],
      ["f", "g"],
    ]);
  });

  it("records type alias statements", () => {
    expect(symbol("type Vector[T] = list[T]\n", "Vector")).toMatchObject({ kind: "type_alias", signature: "type Vector[T] = list[T]" });
  });

  it("records calls with receivers, one per call, on the callee's line", () => {
    const source = lines(
      "def run(self):",
      "    self.store.get(1)",
      "    a.b().c()",
      "    f()()",
      "    handlers[0]()",
      "    result = (session.query(User)",
      "        .filter(User.active)",
      "        .all())",
      "    items = [fmt(x) for x in xs if ok(x)]",
      "    cb = lambda: notify()",
    );
    expect(calls(source)).toEqual([
      ["run", "self.store", "get", 2],
      ["run", "a.b()", "c", 3],
      ["run", "a", "b", 3],
      ["run", null, "f", 4],
      ["run", "session", "query", 6],
      ["run", "session.query(User)", "filter", 7],
      ["run", "session.query(User).filter(User.active)", "all", 8],
      ["run", null, "fmt", 9],
      ["run", null, "ok", 9],
      ["run", null, "notify", 10],
    ]);
  });

  it("caps long receivers", () => {
    const receiver = extract(`x = ${"a".repeat(200)}.method()\n`).calls[0]!.receiver!;
    expect(receiver.length).toBeLessThanOrEqual(80);
    expect(receiver.endsWith("…")).toBe(true);
  });

  it("records every import form, relative modules as written", () => {
    const source = lines(
      "import os",
      "import a.b as c, json",
      "from . import x",
      "from .. import y as z",
      "from ..pkg.mod import a as b, c",
      "from x import *",
      "from typing import (",
      "    List,",
      "    Dict as D,",
      ")",
      "from __future__ import annotations",
      "def lazy():",
      "    import numpy as np",
    );
    expect(extract(source).imports).toEqual([
      { module: "os", names: [], line: 1, kind: "import" },
      { module: "a.b", names: [{ name: "*", alias: "c" }], line: 2, kind: "import" },
      { module: "json", names: [], line: 2, kind: "import" },
      { module: ".", names: [{ name: "x", alias: null }], line: 3, kind: "import" },
      { module: "..", names: [{ name: "y", alias: "z" }], line: 4, kind: "import" },
      {
        module: "..pkg.mod",
        names: [
          { name: "a", alias: "b" },
          { name: "c", alias: null },
        ],
        line: 5,
        kind: "import",
      },
      { module: "x", names: [{ name: "*", alias: null }], line: 6, kind: "import" },
      {
        module: "typing",
        names: [
          { name: "List", alias: null },
          { name: "Dict", alias: "D" },
        ],
        line: 7,
        kind: "import",
      },
      { module: "__future__", names: [{ name: "annotations", alias: null }], line: 11, kind: "import" },
      { module: "numpy", names: [{ name: "*", alias: "np" }], line: 13, kind: "import" },
    ]);
  });

  it("counts decision points", () => {
    const source = lines(
      "def f(a, b, xs):",
      "    if a and b or not a:", // if, and, or
      "        pass",
      "    elif b:", // elif
      "        pass",
      "    else:",
      "        pass",
      "    for x in xs:", // for (its else does not count)
      "        pass",
      "    else:",
      "        pass",
      "    while a:", // while
      "        break",
      "    try:",
      "        pass",
      "    except ValueError:", // except
      "        pass",
      "    except Exception:", // except
      "        pass",
      "    else:",
      "        pass",
      "    finally:",
      "        pass",
      "    with open(a) as fh:", // with: no
      "        pass",
      "    y = 1 if a else 2", // conditional expression
      "    z = [i for i in xs if i for j in xs]", // for, if, for
      "    assert a", // no
    );
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 13, max_nesting: 1, lines: 28 });
  });

  it("counts match arms except the irrefutable default, and guards", () => {
    const source = lines(
      "def g(cmd):",
      "    match cmd:",
      '        case ["go", where] if where:', // arm + guard
      "            pass",
      "        case Color.RED | None:", // arm
      "            pass",
      "        case _ if cmd:", // guard only
      "            pass",
      "        case other:", // irrefutable capture: default
      "            pass",
      "def h(cmd):",
      "    match cmd:",
      "        case None:", // arm
      "            pass",
      "        case _:", // default
      "            pass",
    );
    expect(symbol(source, "g").complexity).toMatchObject({ cyclomatic: 5, max_nesting: 1 });
    expect(symbol(source, "h").complexity).toMatchObject({ cyclomatic: 2, max_nesting: 1 });
  });

  it("measures nesting of control flow, not of with blocks", () => {
    const source = lines(
      "def f(xs):",
      "    with lock:",
      "        for x in xs:",
      "            if x:",
      "                try:",
      "                    pass",
      "                except E:",
      "                    while x:",
      "                        pass",
      "            elif x > 1:",
      "                if x > 2:",
      "                    pass",
    );
    expect(symbol(source, "f").complexity).toMatchObject({ max_nesting: 4 });
  });

  it("keeps complexity of nested functions and lambdas apart", () => {
    const source = lines(
      "def outer(x):",
      "    def inner(y):",
      "        return 1 if y else 2",
      "    f = lambda z: z or 1",
      "    if x:",
      "        return inner(x)",
    );
    // The lambda is not a symbol, so its `or` counts for outer.
    expect(symbol(source, "outer").complexity).toMatchObject({ cyclomatic: 3 });
    expect(symbol(source, "outer.inner").complexity).toMatchObject({ cyclomatic: 2 });
  });

  it("recovers symbols around syntax errors", () => {
    const source = lines("def ok():", "    return 1", "", "def broken(x", "    pass", "", "class After:", "    def m(self):", "        ok()");
    const result = extract(source);
    expect(result.has_errors).toBe(true);
    expect(result.symbols.map((s) => s.qualified_name)).toEqual(expect.arrayContaining(["ok", "After", "After.m"]));
    for (const s of result.symbols) expect(s.line).toBeLessThanOrEqual(s.end_line);
  });
});
