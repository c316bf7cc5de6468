import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { goElementType, goPackageBinding, goTypeName } from "./go-type-text";

const extract = (source: string) => extractFile("go", source);
const symbols = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.visibility]);
const symbol = (source: string, qualifiedName: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string) => extract(source).calls.map((c) => [c.caller, c.receiver, c.callee, c.kind, c.line]);

describe("go symbols", () => {
  it("finds functions, methods under their receiver's type, and types by what they declare", () => {
    const source = [
      "package store",
      "",
      "type Store struct{ n int }",
      "type Reader interface {",
      "\tRead(p []byte) (int, error)",
      "\tio.Closer",
      "}",
      "type ID int",
      "type Name = string",
      "type HandlerFunc func(w Writer)",
      "",
      "func New() *Store { return &Store{} }",
      "func (s *Store) Get(k string) int { return 0 }",
      "func (Store) size() int { return 0 }",
      "func (f HandlerFunc) Serve() {}",
      "",
    ].join("\n");
    expect(symbols(source)).toEqual([
      ["Store", "struct", 3, "public"],
      ["Reader", "interface", 4, "public"],
      ["Reader.Read", "method", 5, "public"],
      ["ID", "typedef", 8, "public"],
      ["Name", "type_alias", 9, "public"],
      ["HandlerFunc", "typedef", 10, "public"],
      ["New", "function", 12, "public"],
      ["Store.Get", "method", 13, "public"],
      ["Store.size", "method", 14, "private"],
      ["HandlerFunc.Serve", "method", 15, "public"],
    ]);
  });

  it("attaches a method to its receiver's type when the type is declared in another file", () => {
    const method = symbol("package store\n\nfunc (s *Store) Close() error { return nil }\n", "Store.Close");
    expect([method.parent, method.kind]).toEqual(["Store", "method"]);
  });

  it("drops pointers and type parameters from generic receivers", () => {
    const source =
      "package p\n\ntype Pair[K comparable, V any] struct{ k K; v V }\nfunc (p *Pair[K, V]) Key() K { return p.k }\nfunc (Pair[_, V]) Value() {}\n";
    expect(symbols(source)).toEqual([
      ["Pair", "struct", 3, "public"],
      ["Pair.Key", "method", 4, "public"],
      ["Pair.Value", "method", 5, "public"],
    ]);
    expect(symbol(source, "Pair").signature).toBe("type Pair[K comparable, V any] struct");
  });

  it("lists every name of grouped and multi-name const and var specs, without the blank identifier", () => {
    const source = [
      "package p",
      "",
      "const (",
      "\tA = iota",
      "\tB",
      "\t_",
      "\tc, d = 1, 2",
      ")",
      "var x, _ = f()",
      "var (",
      "\tY int",
      ")",
      "var _ = register()",
      "",
    ].join("\n");
    expect(symbols(source)).toEqual([
      ["A", "const", 4, "public"],
      ["B", "const", 5, "public"],
      ["c", "const", 7, "private"],
      ["d", "const", 7, "private"],
      ["x", "variable", 9, "private"],
      ["Y", "variable", 11, "public"],
    ]);
    expect(extract(source).symbols.map((s) => s.signature)).toEqual([
      "const A = iota",
      "const B",
      "const c, d = 1, 2",
      "const c, d = 1, 2",
      "var x, _ = f()",
      "var Y int",
    ]);
  });

  it("keeps declarations inside function bodies and anonymous interfaces out", () => {
    const source = [
      "package p",
      "",
      "func run(c interface{ Close() error }) {",
      "\ttype local struct{}",
      "\tconst k = 1",
      "\tvar v = 2",
      "\tf := func() {}",
      "\t_ = f",
      "}",
      "func _() {}",
      "",
    ].join("\n");
    expect(symbols(source)).toEqual([["run", "function", 3, "private"]]);
  });

  it("treats non-ASCII upper-case initials as exported", () => {
    expect(symbols("package p\n\nfunc Ärger() {}\nfunc ärger() {}\nfunc _x() {}\nfunc 世界() {}\n").map((s) => s[3])).toEqual([
      "public",
      "private",
      "private",
      "private",
    ]);
  });

  it("writes one-line signatures: the head of functions, short values, function literal parameters", () => {
    const source = [
      "package p",
      "",
      "func Long(",
      "\ta int,",
      "\tb string,",
      ") (n int, err error) {",
      "\treturn",
      "}",
      `var table = map[string]int{${'"a": 1, '.repeat(20)}}`,
      "var hook = func(ctx Context) error {",
      "\treturn nil",
      "}",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => s.signature)).toEqual([
      "func Long( a int, b string, ) (n int, err error)",
      "var table",
      "var hook = func(ctx Context) error",
    ]);
  });

  it("reads doc comments from the // lines right above, not across a blank line", () => {
    const source = [
      "// Package p does things.",
      "package p",
      "",
      "// Open opens the store. It never fails.",
      "func Open() {}",
      "",
      "// Stray comment.",
      "",
      "func Close() {}",
      "",
      "// Config is the settings.",
      "//",
      "//go:generate stringer",
      "type Config struct{}",
      "",
      "type (",
      "\t// Left is one side.",
      "\tLeft int",
      ")",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.name, s.doc ?? null])).toEqual([
      ["Open", "Open opens the store."],
      ["Close", null],
      ["Config", "Config is the settings."],
      ["Left", "Left is one side."],
    ]);
  });

  it("counts branches, cases and boolean operators, and nests else-if chains flat", () => {
    const source = [
      "package p",
      "",
      "func f(x int, ch chan int) {",
      "\tif x > 0 && x < 10 || x == 20 {",
      "\t} else if x < 0 {",
      "\t} else {",
      "\t}",
      "\tswitch x {",
      "\tcase 1, 2:",
      "\tcase 3:",
      "\tdefault:",
      "\t}",
      "\tfor i := 0; i < x; i++ {",
      "\t\tselect {",
      "\t\tcase <-ch:",
      "\t\tdefault:",
      "\t\t}",
      "\t}",
      "}",
      "",
    ].join("\n");
    // 1 + if, &&, ||, else if + two cases + for + one select case.
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 9, max_nesting: 2, lines: 17 });
  });
});

describe("go calls", () => {
  it("records bare, package-qualified and chained calls with their receivers", () => {
    const source = [
      "package p",
      "",
      "func run(s *Store) {",
      "\thelper()",
      "\tfmt.Println(s.Name())",
      "\ts.db.",
      "\t\tQuery().",
      "\t\tClose()",
      "\tgo s.watch()",
      "\tdefer s.mu.Unlock()",
      "}",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["run", null, "helper", "call", 4],
      ["run", "fmt", "Println", "call", 5],
      ["run", "s", "Name", "call", 5],
      ["run", "s.db", "Query", "call", 7],
      ["run", "s.db.Query()", "Close", "call", 8],
      ["run", "s", "watch", "call", 9],
      ["run", "s.mu", "Unlock", "call", 10],
    ]);
  });

  it("reads generic instantiations as calls and leaves conversions, element calls and literals out", () => {
    const source = [
      "package p",
      "",
      "func run(handlers []func(), m map[string]func()) {",
      "\tMap[int, string](nil)",
      "\tslices.Sort[[]int](xs)",
      "\tFilter[T](xs)",
      "\thandlers[0]()",
      '\tm["k"]()',
      '\t_ = []byte("x")',
      "\t_ = uint(len(m))",
      "\t_ = (*T)(nil)",
      "\tfunc() {}()",
      "}",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["run", null, "Map", "call", 4],
      ["run", "slices", "Sort", "call", 5],
      ["run", null, "Filter", "call", 6],
      ["run", null, "len", "call", 10],
    ]);
  });

  it("records composite literals of named types as constructions", () => {
    const source = [
      "package p",
      "",
      "func run() {",
      "\t_ = &Store{}",
      "\t_ = http.Client{Timeout: 1}",
      "\t_ = List[int]{}",
      "\t_ = []Store{{}}",
      "\t_ = struct{ a int }{1}",
      "\t_ = map[string]int{}",
      "}",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["run", null, "Store", "new", 4],
      ["run", "http", "Client", "new", 5],
      ["run", null, "List", "new", 6],
    ]);
  });

  it("gives the calls of a function literal to the function around it, or to the var holding it", () => {
    const source = ["package p", "", "var hook = func() { setup() }", "", "func run() {", "\tgo func() { work() }()", "}", ""].join("\n");
    expect(calls(source)).toEqual([
      ["hook", null, "setup", "call", 3],
      ["run", null, "work", "call", 6],
    ]);
  });
});

describe("go imports", () => {
  it("binds each import's package name under `*`: the alias, the path's package, `.` and `_` imports", () => {
    const source = [
      "package p",
      "",
      'import "fmt"',
      "import (",
      '\tst "example.com/app/store"',
      '\t"net/http"',
      '\t"github.com/go-chi/chi/v5"',
      '\t"gopkg.in/yaml.v3"',
      '\t. "strings"',
      '\t_ "embed"',
      ")",
      "",
    ].join("\n");
    expect(extract(source).imports).toEqual([
      { module: "fmt", names: [{ name: "*", alias: "fmt" }], line: 3, kind: "import" },
      { module: "example.com/app/store", names: [{ name: "*", alias: "st" }], line: 5, kind: "import" },
      { module: "net/http", names: [{ name: "*", alias: "http" }], line: 6, kind: "import" },
      { module: "github.com/go-chi/chi/v5", names: [{ name: "*", alias: "chi" }], line: 7, kind: "import" },
      { module: "gopkg.in/yaml.v3", names: [{ name: "*", alias: "yaml" }], line: 8, kind: "import" },
      { module: "strings", names: [{ name: "*", alias: null }], line: 9, kind: "import" },
      { module: "embed", names: [], line: 10, kind: "import" },
    ]);
  });

  it("guesses the package name an import path binds", () => {
    expect(["fmt", "net/http", "github.com/x/go-redis", "github.com/x/thing-go", "k8s.io/api/v2", "a/b-c"].map(goPackageBinding)).toEqual([
      "fmt",
      "http",
      "redis",
      "thing",
      "api",
      "b_c",
    ]);
  });
});

describe("go type text", () => {
  it("names the declared type of a type expression, or null for composite types", () => {
    expect(["*Store", "**pkg.Client", "List[int]", "(*List[T])", "[]Store", "map[string]int", "func()", "chan int", "struct{}"].map(goTypeName)).toEqual([
      "Store",
      "pkg.Client",
      "List",
      "List",
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("go element types", () => {
  it("names what a slice, array, map or channel holds, or null", () => {
    expect(
      ["[]*Conn", "[8]Conn", "map[string]*pkg.Conn", "chan Conn", "<-chan *Conn", "chan<- Conn", "[][]Conn", "[]int", "map[K]func()"].map(goElementType),
    ).toEqual(["Conn[]", "Conn[]", "pkg.Conn[]", "Conn[]", "Conn[]", "Conn[]", null, null, null]);
  });
});

describe("go robustness", () => {
  it("survives broken, binary-looking and empty input", () => {
    const broken = extract("package p\n\nfunc Good() {}\n\nfunc Broken(x int {\n\tif x > {\n}\n\ntype T struct{ A int\n");
    expect(broken.has_errors).toBe(true);
    expect(broken.symbols.map((s) => s.name)).toContain("Good");
    const binary = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(() => extract(binary)).not.toThrow();
    expect(() => extract(`package p\n${"\u0000".repeat(1000)}func f() {}\n`)).not.toThrow();
    expect(extract("").symbols).toEqual([]);
  });

  it("extracts a big generated file and deeply nested expressions without throwing", () => {
    const big = [
      "package big",
      "",
      ...Array.from({ length: 5000 }, (_, i) => `func F${i}(x int) int { if x > ${i} { return F${i + 1}(x) }; return x }`),
      "",
    ].join("\n");
    const result = extract(big);
    expect(result.symbols).toHaveLength(5000);
    expect(result.calls).toHaveLength(5000);
    const deep = `package p\n\nfunc f() int { return ${"g(".repeat(3000)}1${")".repeat(3000)} }\n`;
    expect(extract(deep).calls).toHaveLength(3000);
  });
});
