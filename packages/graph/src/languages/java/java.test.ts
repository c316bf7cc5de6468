import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("java", source);
const symbol = (source: string, qualifiedName: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};

describe("java declarations", () => {
  it("gives each type declaration its own kind and names constructors after their class", () => {
    const source = [
      "class A { A() {} void run() {} }",
      "interface I { void go(); }",
      "enum E { X, Y; E() {} }",
      "record R(int x) { R { } }",
      '@interface Marker { String value() default ""; }',
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind])).toEqual([
      ["A", "class"],
      ["A.A", "constructor"],
      ["A.run", "method"],
      ["I", "interface"],
      ["I.go", "method"],
      ["E", "enum"],
      ["E.E", "constructor"],
      ["E.X", "const"],
      ["E.Y", "const"],
      ["R", "record"],
      ["R.R", "constructor"],
      ["Marker", "annotation"],
      ["Marker.value", "method"],
    ]);
  });

  it("reads visibility as Java defaults it: interface members public, enum constructors private, the rest package-private", () => {
    const source = [
      "public class A {",
      "  int packaged;",
      "  protected void p() {}",
      "  void m() { class Local { void inner() {} } }",
      "}",
      "interface I { void go(); private void helper() {} }",
      "enum E { X; E() {} }",
      "",
    ].join("\n");
    const visibility = Object.fromEntries(extract(source).symbols.map((s) => [s.qualified_name, s.visibility]));
    expect(visibility).toEqual({
      A: "public",
      "A.packaged": "internal",
      "A.p": "protected",
      "A.m": "internal",
      "A.m.Local": null,
      "A.m.Local.inner": "internal",
      I: "internal",
      "I.go": "public",
      "I.helper": "private",
      E: "internal",
      "E.X": "public",
      "E.E": "private",
    });
  });

  it("makes one field symbol per declarator, each with the shared head", () => {
    const source =
      'class A {\n  @Deprecated private static final int MIN = 1,\n      MAX = 10;\n  String longValue = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";\n}\n';
    expect(
      extract(source)
        .symbols.filter((s) => s.kind === ("field" as string))
        .map((s) => [s.name, s.signature, s.line, s.end_line]),
    ).toEqual([
      ["MIN", "@Deprecated private static final int MIN = 1", 2, 2],
      ["MAX", "@Deprecated private static final int MAX = 10", 3, 3],
      ["longValue", "String longValue", 4, 4],
    ]);
  });

  it("keeps annotations, modifiers and throws in signatures, without bodies or the trailing semicolon", () => {
    const source = [
      "abstract class A<T extends Comparable<T>> extends B<T> implements C, D {",
      "  @Override",
      "  public <U> java.util.List<U> map(final int a, String... rest)",
      "      throws java.io.IOException {",
      "    return null;",
      "  }",
      "  abstract void later(); // not done yet",
      "}",
      "",
    ].join("\n");
    expect(symbol(source, "A").signature).toBe("abstract class A<T extends Comparable<T>> extends B<T> implements C, D");
    expect(symbol(source, "A").bases).toEqual(["B", "C", "D"]);
    expect(symbol(source, "A.map").signature).toBe("@Override public <U> java.util.List<U> map(final int a, String... rest) throws java.io.IOException");
    expect(symbol(source, "A.map").line).toBe(2);
    expect(symbol(source, "A.later").signature).toBe("abstract void later()");
  });

  it("reads interfaces' extended interfaces as bases", () => {
    expect(symbol("interface Store<K> extends Reader<K>, java.io.Closeable {}", "Store").bases).toEqual(["Reader", "java.io.Closeable"]);
  });

  it("gives the methods of an anonymous class to the method or field around it", () => {
    const source = [
      "class A {",
      "  static final Runnable TASK = new Runnable() { public void run() { tick(); } };",
      "  void start() {",
      "    new Thread(new Runnable() { public void run() { tick(); } }).start();",
      "  }",
      "  enum Mode {",
      "    FAST { void go() {} },",
      "    SLOW",
      "  }",
      "}",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.symbols.map((s) => s.qualified_name)).toEqual([
      "A",
      "A.TASK",
      "A.TASK.run",
      "A.start",
      "A.start.run",
      "A.Mode",
      "A.Mode.FAST",
      "A.Mode.FAST.go",
      "A.Mode.SLOW",
    ]);
    expect(result.calls.filter((call) => call.callee === "tick").map((call) => call.caller)).toEqual(["A.TASK.run", "A.start.run"]);
  });

  it("attaches Javadoc through annotations, and no plain block comment", () => {
    const source = [
      "/** The store. Holds things. */",
      "@Component",
      "public class Store {",
      "  /* not a doc */",
      "  void plain() {}",
      "  /**",
      "   * Reads a value.",
      "   */",
      "  @Override",
      "  public String read() { return null; }",
      "}",
      "",
    ].join("\n");
    expect(symbol(source, "Store").doc).toBe("The store.");
    expect(symbol(source, "Store.plain").doc).toBeUndefined();
    expect(symbol(source, "Store.read").doc).toBe("Reads a value.");
  });

  it("counts each case label but default, and does not nest an else-if", () => {
    const source = [
      "class A {",
      "  int f(int k, boolean a, boolean b) {",
      "    if (a && b) { return 1; } else if (a || b) { return 2; } else { }",
      "    switch (k) { case 1: case 2: return 3; default: return 4; }",
      "  }",
      "  int g(int k) {",
      "    return switch (k) { case 1, 2 -> k > 0 ? 1 : 2; default -> { try { yield 0; } catch (RuntimeException e) { yield 1; } } };",
      "  }",
      "  void h(java.util.List<String> xs) { for (String x : xs) { while (x.isEmpty()) { do { } while (false); } } }",
      "}",
      "",
    ].join("\n");
    expect(symbol(source, "A.f").complexity).toEqual({ cyclomatic: 7, max_nesting: 1, lines: 4 });
    expect(symbol(source, "A.g").complexity).toEqual({ cyclomatic: 4, max_nesting: 2, lines: 3 });
    expect(symbol(source, "A.h").complexity).toEqual({ cyclomatic: 4, max_nesting: 3, lines: 1 });
  });

  it("never throws on broken, binary-looking or deeply nested text", () => {
    const broken = extract("class A {\n  void f( {\n    int x = ;\n  }\n  void g() { h(); }\n");
    expect(broken.has_errors).toBe(true);
    expect(broken.symbols.map((s) => s.qualified_name)).toContain("A");
    const binary = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(() => extract(binary)).not.toThrow();
    const deep = `class A { void f() { int x = ${"(".repeat(5000)}1${")".repeat(5000)}; ${"{".repeat(3000)}${"}".repeat(3000)} } }`;
    expect(() => extract(deep)).not.toThrow();
    expect(() => extract("record ( enum { @interface class")).not.toThrow();
  });
});
