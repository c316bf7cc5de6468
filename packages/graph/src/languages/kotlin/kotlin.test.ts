import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("kotlin", source);
const symbol = (source: string, qualifiedName: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};

describe("kotlin extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds main in the conformance source and survives the truncated one", () => {
    const result = extract("fun main() {}\nclass Foo\n");
    expect(result.symbols.map((s) => [s.name, s.kind, s.line])).toEqual([
      ["main", "function", 1],
      ["Foo", "class", 2],
    ]);
    expect(() => extract("fun main( { class")).not.toThrow();
    expect(extract("fun main( { class").has_errors).toBe(true);
  });

  // Original lang.rs unit case: exactly these seven declarations (enum entries are extra consts here).
  it("refines class kinds", () => {
    const source = [
      "fun main() {}",
      "class Foo",
      "interface Bar",
      "data class Baz(val x: Int)",
      "sealed class Qux",
      "enum class Color { RED, GREEN }",
      "object Singleton",
      "",
    ].join("\n");
    const symbols = extract(source).symbols;
    expect(symbols.filter((s) => s.kind !== "const").map((s) => [s.name, s.kind])).toEqual([
      ["main", "function"],
      ["Foo", "class"],
      ["Bar", "interface"],
      ["Baz", "data_class"],
      ["Qux", "sealed_class"],
      ["Color", "enum_class"],
      ["Singleton", "object"],
    ]);
    expect(symbols.filter((s) => s.kind === "const").map((s) => s.qualified_name)).toEqual(["Color.GREEN", "Color.RED"]);
  });

  it("classifies interfaces, abstract, open and value classes", () => {
    const source =
      "sealed interface S\nfun interface P {\n    fun test(): Boolean\n}\nabstract class A\nopen class O\nvalue class V(val v: Int)\nannotation class Marker\n";
    expect(extract(source).symbols.map((s) => [s.name, s.kind])).toEqual([
      ["S", "interface"],
      ["P", "interface"],
      ["test", "method"],
      ["A", "class"],
      ["O", "class"],
      ["V", "class"],
      ["Marker", "class"],
    ]);
  });

  it("keeps the receiver type of extension functions in the signature", () => {
    const shout = symbol("fun String.shout(times: Int = 1): String = repeat(times)\n", "shout");
    expect(shout.kind).toBe("function");
    expect(shout.signature).toBe("fun String.shout(times: Int = 1): String");
  });

  it("normalizes visibility and keeps annotations and modifiers in signatures", () => {
    const source = [
      "class C {",
      "    fun a() {}",
      "    private fun b() {}",
      "    protected open fun c() {}",
      '    @Deprecated("x") internal suspend fun d() {}',
      "}",
      "",
    ].join("\n");
    const symbols = extract(source).symbols.filter((s) => s.kind === "method");
    expect(symbols.map((s) => [s.name, s.visibility])).toEqual([
      ["a", "public"],
      ["b", "private"],
      ["c", "protected"],
      ["d", "internal"],
    ]);
    expect(symbols[3]!.signature).toBe('@Deprecated("x") internal suspend fun d()');
  });

  it("names companion objects, constructors, init blocks and accessors", () => {
    const source = [
      "class Box private constructor(val v: Int) {",
      "    constructor(s: String) : this(s.length)",
      "    init { check(v >= 0) }",
      "    var size: Int = 0",
      "        get() = field",
      "        private set",
      "    companion object {",
      "        fun of(v: Int) = Box(v)",
      "    }",
      "}",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Box", "class", "public"],
      ["Box.constructor", "constructor", "public"],
      ["Box.init", "constructor", null],
      ["Box.size", "property", "public"],
      ["Box.size", "getter", "public"],
      ["Box.Companion", "companion_object", "public"],
      ["Box.Companion.of", "method", "public"],
    ]);
    expect(symbol(source, "Box").signature).toBe("class Box private constructor(val v: Int)");
  });

  it("maps top-level properties to const, variable or function", () => {
    const source = 'const val MAX = 10\nval name = "x"\nvar count = 0\nval twice = { x: Int -> x * 2 }\nval parse = fun(s: String): Int { return s.toInt() }\n';
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.signature])).toEqual([
      ["MAX", "const", "const val MAX = 10"],
      ["name", "variable", 'val name = "x"'],
      ["count", "variable", "var count = 0"],
      ["twice", "function", "val twice = { x: Int ->"],
      ["parse", "function", "val parse = fun(s: String): Int"],
    ]);
  });

  it("does not report local properties and qualifies local functions by their enclosing function", () => {
    const source = "fun outer() {\n    val x = 1\n    fun inner() = x\n}\n";
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["outer", "function", "public"],
      ["outer.inner", "function", null],
    ]);
  });

  it("records calls with receivers, constructor calls and infix calls", () => {
    const source = [
      "fun f() {",
      "    a.b.c(1)",
      "    this.store.get(k)",
      "    x?.y()",
      "    super.toString()",
      "    Foo<Int>()",
      "    1 to 2",
      "    items",
      "        .map { it.name }",
      "}",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.line, c.caller])).toEqual([
      ["c", "a.b", 2, "f"],
      ["get", "this.store", 3, "f"],
      ["y", "x", 4, "f"],
      ["toString", "super", 5, "f"],
      ["Foo", null, 6, "f"],
      ["to", "1", 7, "f"],
      // A chained call is reported on the line of its name.
      ["map", "items", 9, "f"],
    ]);
  });

  it("attributes calls in lambdas and anonymous functions to the enclosing named callable", () => {
    const source = "fun f(xs: List<Int>) {\n    xs.forEach { g(it) }\n    val h = fun() { k() }\n}\n";
    expect(extract(source).calls.map((c) => [c.callee, c.caller, c.caller_line])).toEqual([
      ["forEach", "f", 1],
      ["g", "f", 1],
      ["k", "f", 1],
    ]);
  });

  it("parses plain, glob and aliased imports", () => {
    const source = "import a.b.C\nimport a.b.*\nimport a.b.C as D\n";
    expect(extract(source).imports).toEqual([
      { module: "a.b.C", names: [{ name: "C", alias: null }], line: 1, kind: "import" },
      { module: "a.b", names: [{ name: "*", alias: null }], line: 2, kind: "import" },
      { module: "a.b.C", names: [{ name: "C", alias: "D" }], line: 3, kind: "import" },
    ]);
  });

  it("counts if, when entries but else, loops, catch, && || and elvis", () => {
    const source = [
      "fun f(x: Int?): Int {",
      "    val y = x ?: 0",
      "    if (y > 1 && y < 5 || y == 9) {",
      "        for (i in 0..y) {",
      "            while (true) { break }",
      "        }",
      "    } else if (y == 0) {",
      "        do { } while (false)",
      "    }",
      "    try { g() } catch (e: Exception) { }",
      "    return when (y) {",
      "        1 -> 1",
      "        2, 3 -> 2",
      "        else -> 3",
      "    }",
      "}",
      "",
    ].join("\n");
    // elvis, if, &&, ||, for, while, else-if, do-while, catch, two when entries.
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 12, max_nesting: 3, lines: 16 });
  });

  it("does not nest an else-if deeper than its if", () => {
    const source = "fun f(a: Int) {\n    if (a == 1) {\n    } else if (a == 2) {\n    } else if (a == 3) {\n        if (a > 0) { }\n    }\n}\n";
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 5, max_nesting: 2, lines: 7 });
  });
});
