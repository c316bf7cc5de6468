import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("c", source);
const rows = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.visibility]);

describe("C extraction", () => {
  it("reports definitions, not prototypes or extern declarations", () => {
    const source = [
      "int add(int a, int b);",
      "extern int counter;",
      "static int twice(int a);",
      "int add(int a, int b) { return a + b; }",
      "static int twice(int a) { return add(a, a); }",
      "int counter = 0;",
      "",
    ].join("\n");
    expect(rows(source)).toEqual([
      ["add", "function", 4, "public"],
      ["twice", "function", 5, "private"],
      ["counter", "variable", 6, "public"],
    ]);
  });

  it("reads the name through pointer declarators and tells function pointers from functions", () => {
    const source = ["char **names(void) { return 0; }", "int (*handler)(int) = 0;", "const int *const limits[2];", ""].join("\n");
    const symbols = extract(source).symbols;
    expect(symbols.map((s) => [s.name, s.kind, s.signature])).toEqual([
      ["names", "function", "char **names(void)"],
      ["handler", "variable", "int (*handler)(int) = 0"],
      ["limits", "variable", "const int *const limits[2]"],
    ]);
  });

  it("names an anonymous struct by its typedef, which then holds its members", () => {
    const source = ["typedef struct { int x; } point;", "typedef struct node { struct node *next; } node_t, *node_p;", ""].join("\n");
    const symbols = extract(source).symbols;
    expect(symbols.map((s) => [s.name, s.kind, s.bases ?? null])).toEqual([
      ["point", "typedef", null],
      ["node", "struct", null],
      ["node_p", "typedef", ["node"]],
      ["node_t", "typedef", ["node"]],
    ]);
    expect(symbols[0]!.signature).toBe("typedef struct {…} point");
  });

  it("makes enumerators names of the scope around their enum", () => {
    const source = ["enum color { RED, GREEN = 2 };", "typedef enum { LOW, HIGH } level;", ""].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind])).toEqual([
      ["GREEN", "const"],
      ["RED", "const"],
      ["color", "enum"],
      ["HIGH", "const"],
      ["LOW", "const"],
      ["level", "typedef"],
    ]);
  });

  it("keeps locals, parameters and local types out of the symbols", () => {
    const source = ["int run(int n) {", "  struct local { int a; } l;", "  int total = n;", "  enum { A, B } e;", "  return total;", "}", ""].join("\n");
    expect(rows(source)).toEqual([["run", "function", 1, "public"]]);
  });

  it("reports macros with their extent and no parent, even inside a function", () => {
    const source = [
      "#define ONE 1",
      "#define LONG_MACRO(a, b) \\",
      "  do { a; b; } while (0)",
      "int f(void) {",
      "#define INNER 2",
      "  return INNER;",
      "}",
      "",
    ].join("\n");
    const macros = extract(source).symbols.filter((s) => (s.kind as string) === "macro");
    expect(macros.map((s) => [s.name, s.line, s.end_line, s.parent, s.signature])).toEqual([
      ["ONE", 1, 1, null, "#define ONE 1"],
      ["LONG_MACRO", 2, 3, null, "#define LONG_MACRO(a, b) do { a; b; } while (0)"],
      ["INNER", 5, 5, null, "#define INNER 2"],
    ]);
  });

  it("finds definitions inside preprocessor conditionals", () => {
    const source = ["#ifdef DEBUG", "static void trace(void) {}", "#else", "#define trace()", "#endif", ""].join("\n");
    expect(extract(source).symbols.map((s) => [s.name, s.kind])).toEqual([
      ["trace", "function"],
      ["trace", "macro"],
    ]);
  });

  it("marks calls through parameters and locals, skips pointer expressions, and reads receivers", () => {
    const source = [
      "struct ops { int (*open)(int); };",
      "int use(struct ops *o, int (*cb)(int)) {",
      "  int (*local)(int) = cb;",
      "  (*cb)(1);",
      "  o->open(2);",
      "  return local(3) + cb(4) + helper(5);",
      "}",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.line, c.local ?? false])).toEqual([
      ["open", "o", 5, false],
      ["local", null, 6, true],
      ["cb", null, 6, true],
      ["helper", null, 6, false],
    ]);
  });

  it("reports call-shaped lines at file scope as macro invocations", () => {
    const calls = extract("int f(void) { return 0; }\nEXPORT_SYMBOL(f);\n").calls;
    expect(calls).toEqual([{ caller: null, caller_line: null, callee: "EXPORT_SYMBOL", receiver: null, line: 2, kind: "macro" }]);
  });

  it("imports every name of an include, quotes and brackets kept", () => {
    const imports = extract('#include "util/list.h"\n#include <stdio.h>\n#include CONFIG_HEADER\n').imports;
    expect(imports).toEqual([
      { module: '"util/list.h"', names: [{ name: "*", alias: null }], line: 1, kind: "import" },
      { module: "<stdio.h>", names: [{ name: "*", alias: null }], line: 2, kind: "import" },
    ]);
  });

  it("counts case labels but not default, and else-if as one level", () => {
    const source = [
      "int f(int a) {",
      "  switch (a) { case 1: return 1; case 2: return 2; default: return 0; }",
      "  if (a) return 1; else if (a > 1 && a < 5) { if (a) return 2; }",
      "  return a ? 1 : 0;",
      "}",
      "",
    ].join("\n");
    expect(extract(source).symbols[0]!.complexity).toEqual({ cyclomatic: 8, max_nesting: 2, lines: 5 });
  });

  it("takes Doxygen block and line comments as docs", () => {
    const source = ["/** Adds two numbers. More text. */", "int add(int a, int b) { return a + b; }", "/// The counter.", "int counter;", ""].join("\n");
    expect(extract(source).symbols.map((s) => s.doc)).toEqual(["Adds two numbers.", "The counter."]);
  });

  it("never throws on broken, binary-looking or huge input", () => {
    const broken = "int f( { struct { ; } #define \n }}} int g(void) { return f(; }";
    expect(() => extract(broken)).not.toThrow();
    expect(extract(broken).has_errors).toBe(true);
    const binary = Array.from({ length: 4096 }, (_, i) => String.fromCharCode(i % 256)).join("");
    expect(() => extract(binary)).not.toThrow();
    const huge = Array.from({ length: 20_000 }, (_, i) => `static int f${i}(int a) { return a ? f${i}(a - 1) : 0; }`).join("\n");
    const result = extract(huge);
    expect(result.symbols).toHaveLength(20_000);
    expect(result.calls).toHaveLength(20_000);
  });
});

describe("C declarations behind macros", () => {
  it("reads declarations that export or attribute macros surround, without errors", () => {
    const source = [
      "LUA_API int lua_gettop(lua_State *L) { return 0; }",
      "static FORCE_INLINE_ATTR TS_PUBLIC void *(*current_malloc)(size_t) = 0;",
      "MAYBE_UNUSED static int counter;",
      "void fail(void) NORETURN;",
      "void stop(void) NORETURN { fail(); }",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.has_errors).toBe(false);
    expect(result.symbols.map((s) => [s.name, s.kind, s.signature])).toEqual([
      // A declaration starts after a leading macro.
      ["lua_gettop", "function", "int lua_gettop(lua_State *L)"],
      ["current_malloc", "variable", "static FORCE_INLINE_ATTR TS_PUBLIC void *(*current_malloc)(size_t) = 0"],
      ["counter", "variable", "static int counter"],
      ["stop", "function", "void stop(void) NORETURN"],
    ]);
  });

  it("keeps a macro's own definition", () => {
    const result = extract("#define U_CFUNC extern\nU_CFUNC int u_init(void);\n");
    expect(result.symbols.map((s) => [s.name, s.kind, s.signature])).toEqual([["U_CFUNC", "macro", "#define U_CFUNC extern"]]);
  });

  it("leaves all-caps type names alone", () => {
    const result = extract("FILE *open_log(const char *path) { return 0; }\nBOOL const ready = 1;\nstruct STATE s;\n");
    expect(result.symbols.map((s) => [s.name, s.kind])).toEqual([
      ["open_log", "function"],
      ["ready", "const"],
      ["s", "variable"],
    ]);
  });
});
