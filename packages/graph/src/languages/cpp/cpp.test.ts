import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("cpp", source);
const symbols = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility]);

describe("C++ extraction", () => {
  it("reads a function after a macro specifier as a function, not a member of its return type", () => {
    // Headers of C code are read as C++; `MEM_STATIC size_t f()` parses as `size_t::f` with an invented `::`.
    const source = ["MEM_STATIC size_t bitCount(int x) { return x; }", "size_t Real::count() const { return 0; }", ""].join("\n");
    expect(symbols(source)).toEqual([
      ["bitCount", "function", "public"],
      ["Real.count", "method", null],
    ]);
  });

  it("gives class members the access in force where they are declared", () => {
    const source = [
      "class A {",
      "  void hidden();",
      "public:",
      "  A();",
      "  ~A();",
      "  int get() const { return 1; }",
      "protected:",
      "  struct Inner { void go(); };",
      "};",
      "struct B { void open(); private: int n; };",
      "",
    ].join("\n");
    expect(symbols(source)).toEqual([
      ["A", "class", "public"],
      ["A.hidden", "method", "private"],
      ["A.A", "constructor", "public"],
      ["A.~A", "method", "public"],
      ["A.get", "method", "public"],
      ["A.Inner", "struct", "protected"],
      ["A.Inner.go", "method", "public"],
      ["B", "struct", "public"],
      ["B.open", "method", "public"],
    ]);
  });

  it("attaches out-of-line definitions to their class, inside the namespaces around them", () => {
    const source = [
      "namespace app {",
      "namespace detail { int helper() { return 0; } }",
      "A::A(int x) : x_(x) {}",
      "void A::run() const { helper(); }",
      "int detail::count() { return 1; }",
      "}",
      "void app::B::stop() {}",
      "",
    ].join("\n");
    const found = extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.parent, s.signature]);
    expect(found).toEqual([
      ["app", "namespace", null, "namespace app"],
      ["app.detail", "namespace", "app", "namespace detail"],
      ["app.detail.helper", "function", "app.detail", "int helper()"],
      ["app.A.A", "constructor", "app.A", "A::A(int x)"],
      ["app.A.run", "method", "app.A", "void A::run() const"],
      ["app.detail.count", "function", "app.detail", "int detail::count()"],
      ["app.B.stop", "method", "app.B", "void app::B::stop()"],
    ]);
  });

  it("keeps the template head in the signature and the span of templates", () => {
    const source = [
      "/// Boxes one value.",
      "template <typename T>",
      "class Box : public Base<T>, private virtual Other {",
      "};",
      "template <class T> T id(T v) { return v; }",
      "",
    ].join("\n");
    const found = extract(source).symbols;
    expect(found.map((s) => [s.name, s.kind, s.line, s.signature, s.bases ?? null, s.doc ?? null])).toEqual([
      ["Box", "class", 2, "template <typename T> class Box : public Base<T>, private virtual Other", ["Base", "Other"], "Boxes one value."],
      ["id", "function", 5, "template <class T> T id(T v)", null, null],
    ]);
  });

  it("reports a class of pure virtual functions as an interface", () => {
    const source = [
      "class Repo { public: virtual ~Repo() = default; virtual void save() = 0; };",
      "class Half { public: virtual void save() = 0; void log() {} };",
      "class Data { virtual void save() = 0; int n; };",
      "",
    ].join("\n");
    expect(
      extract(source)
        .symbols.filter((s) => s.parent === null)
        .map((s) => [s.name, s.kind]),
    ).toEqual([
      ["Repo", "interface"],
      ["Half", "class"],
      ["Data", "class"],
    ]);
  });

  it("scopes the enumerators of an enum class to it, a plain enum's to the scope around it", () => {
    const source = ["namespace ui {", "enum class Color { Red };", "enum Size { Small };", "}", ""].join("\n");
    expect(extract(source).symbols.map((s) => s.qualified_name)).toEqual(["ui", "ui.Color", "ui.Color.Red", "ui.Size", "ui.Small"]);
  });

  it("opens each namespace of a nested namespace definition", () => {
    const found = extract("namespace a::b { void f() {} }\n").symbols.map((s) => [s.qualified_name, s.kind, s.signature]);
    expect(found).toEqual([
      ["a", "namespace", "namespace a"],
      ["a.b", "namespace", "namespace a::b"],
      ["a.b.f", "function", "void f()"],
    ]);
  });

  it("makes what an anonymous namespace or static declares private", () => {
    const source = ["namespace { int hits = 0; void count() { hits++; } }", "static void log() {}", "void run() {}", ""].join("\n");
    expect(symbols(source)).toEqual([
      ["count", "function", "private"],
      ["hits", "variable", "private"],
      ["log", "function", "private"],
      ["run", "function", "public"],
    ]);
  });

  it("reads qualified calls, member calls, constructions and template calls", () => {
    const source = [
      "void run(Store& store, Shape* shape) {",
      "  app::detail::helper();",
      "  ::global();",
      "  Store::open();",
      "  store.get<int>();",
      "  shape->area();",
      "  auto* made = new app::Circle(2);",
      "  Circle unit(1.0);",
      "  Circle braced{1.0};",
      "  make<Shape>();",
      "}",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.kind, c.receiver_type ?? null])).toEqual([
      ["helper", "app::detail", "call", "app::detail"],
      ["global", null, "call", null],
      ["open", "Store", "call", "Store"],
      ["get", "store", "call", "Store"],
      ["area", "shape", "call", "Shape"],
      ["Circle", "app", "new", null],
      ["Circle", null, "new", null],
      ["make", null, "call", null],
    ]);
  });

  it("types receivers from declarations, factories and data members", () => {
    const source = [
      "class Service {",
      "  Repo repo_;",
      "  std::unique_ptr<Cache> cache_;",
      "  void handle() {",
      "    repo_.save();",
      "    this->cache_->clear();",
      "    auto built = Factory::create();",
      "    built.start();",
      "    auto made = make_client();",
      "    made.connect();",
      "    auto direct = Client(1);",
      "    direct.connect();",
      "    for (auto& item : items_) item.use();",
      "    auto run = [](Job& job) { job.run(); };",
      "  }",
      "};",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.calls.filter((c) => c.receiver !== null).map((c) => [c.receiver, c.callee, c.receiver_type ?? null])).toEqual([
      ["repo_", "save", "this#repo_"],
      ["this->cache_", "clear", "this#cache_"],
      ["Factory", "create", "Factory"],
      ["built", "start", "Factory#create()"],
      ["made", "connect", "make_client()"],
      ["direct", "connect", "Client()"],
      ["item", "use", null],
      ["job", "run", "Job"],
    ]);
    expect(result.member_types).toEqual([
      // Every file is in the one global namespace of type names.
      { owner: "", name: "<package>", type: "::" },
      { owner: "Service", name: "repo_", type: "Repo" },
      { owner: "Service", name: "cache_", type: "Cache" },
    ]);
  });

  it("types this and data members by the class, in the class body and out of line", () => {
    const source = [
      "namespace app {",
      "class Repo { Store store_; void save() { this->flush(); store_.put(); } void flush(); };",
      "void Repo::flush() { this->save(); this->store_.sync(); store_.put(); other(); }",
      "}",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.caller, c.receiver, c.callee, c.receiver_type ?? null])).toEqual([
      ["app.Repo.save", "this", "flush", "app.Repo"],
      ["app.Repo.save", "store_", "put", "this#store_"],
      ["app.Repo.flush", "this", "save", "app.Repo"],
      ["app.Repo.flush", "this->store_", "sync", "app.Repo#store_"],
      ["app.Repo.flush", "store_", "put", "app.Repo#store_"],
      ["app.Repo.flush", null, "other", null],
    ]);
  });

  it("records declared return types of functions and member declarations", () => {
    const source = ["class Shape { static std::shared_ptr<Shape> parse(); Shape(); };", "Circle* make_circle() { return nullptr; }", ""].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.return_type ?? null])).toEqual([
      ["Shape", null],
      ["Shape.Shape", null],
      ["Shape.parse", "Shape"],
      ["make_circle", "Circle"],
    ]);
  });

  it("imports includes, using declarations and namespace aliases", () => {
    const source = [
      '#include "a/b.h"',
      "using namespace std;",
      "using app::Store;",
      "namespace fs = std::filesystem;",
      "class A : B { using B::B; };",
      "",
    ].join("\n");
    expect(extract(source).imports).toEqual([
      { module: '"a/b.h"', names: [{ name: "*", alias: null }], line: 1, kind: "import" },
      { module: "std", names: [{ name: "*", alias: null }], line: 2, kind: "use" },
      { module: "app::Store", names: [{ name: "Store", alias: null }], line: 3, kind: "use" },
      { module: "std::filesystem", names: [{ name: "*", alias: "fs" }], line: 4, kind: "use" },
    ]);
  });

  it("reads a C header: prototypes are not symbols, structs, typedefs and macros are", () => {
    const source = [
      "#ifndef LIB_H",
      "#define LIB_H",
      'extern "C" {',
      "typedef struct lib lib_t;",
      "struct lib { int fd; };",
      "lib_t *lib_open(const char *path);",
      "}",
      "#endif",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.has_errors).toBe(false);
    expect(result.symbols.map((s) => [s.name, s.kind])).toEqual([
      ["LIB_H", "macro"],
      ["lib_t", "typedef"],
      ["lib", "struct"],
    ]);
  });

  it("never throws on broken input", () => {
    const broken = "class A { public: void f( { template <> } namespace { A::A( : x( {} int g() { return new ; }";
    expect(() => extract(broken)).not.toThrow();
    expect(extract(broken).has_errors).toBe(true);
  });
});

describe("C++ declarations behind macros", () => {
  it("names a typedef of a macro-made type by its declarator", () => {
    const result = extract("typedef Array(Entry) EntryArray;\ntypedef int (*handler)(void);\n");
    expect(result.symbols.map((s) => [s.name, s.signature])).toEqual([
      ["EntryArray", "typedef Array(Entry) EntryArray"],
      ["handler", "typedef int (*handler)(void)"],
    ]);
  });

  it("reads a class whose head carries an export macro", () => {
    const result = extract("class Q_CORE_EXPORT QString : public QBase {\npublic:\n  int size() const;\n};\n");
    expect(result.has_errors).toBe(false);
    expect(result.symbols.map((s) => [s.qualified_name, s.kind, s.bases ?? null])).toEqual([
      ["QString", "class", ["QBase"]],
      ["QString.size", "method", null],
    ]);
  });
});
