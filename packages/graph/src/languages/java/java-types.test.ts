import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("java", source);
const calls = (source: string) => extract(source).calls.map((call) => [call.receiver, call.callee, call.kind, call.receiver_type ?? null, call.local ?? false]);

describe("java calls and declared types", () => {
  it("types receivers from parameters, locals, var, loops, resources, catches and patterns", () => {
    const source = [
      "class Service {",
      "  void run(Store store, Object o, java.util.List<Store> all) {",
      "    store.load();",
      "    var built = Factory.make();",
      "    built.create();",
      "    Service direct = new Service();",
      "    direct.run(store, o, all);",
      "    for (Store each : all) each.load();",
      "    try (Store r = open()) { r.close(); } catch (IllegalStateException e) { e.printStackTrace(); }",
      "    if (o instanceof Store s) s.load();",
      "    all.forEach(x -> x.load());",
      "  }",
      "}",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["store", "load", "call", "Store", false],
      ["Factory", "make", "call", "Factory", false],
      ["built", "create", "call", "Factory#make()", false],
      [null, "Service", "new", null, false],
      ["direct", "run", "call", "Service", false],
      ["each", "load", "call", "Store", false],
      [null, "open", "call", null, false],
      ["r", "close", "call", "Store", false],
      ["e", "printStackTrace", "call", "IllegalStateException", false],
      ["s", "load", "call", "Store", false],
      ["all", "forEach", "call", "java.util.List", false],
      ["x", "load", "call", null, true],
    ]);
  });

  it("reads fields as this#name, nested types qualified by their class, and no type parameter as a type", () => {
    const source = [
      "class Outer<T> {",
      "  private Repo repo;",
      "  T value;",
      "  static class Node { Node next() { return null; } }",
      "  <U> U pick(U u, T t) {",
      "    repo.save();",
      "    this.repo.save();",
      "    Node.create().next();",
      "    u.go(); t.go(); value.go();",
      "    Outer.this.pick(u, t);",
      "    ((Repo) u).save();",
      "    return u;",
      "  }",
      "}",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["repo", "save", "call", "this#repo", false],
      ["this.repo", "save", "call", "this#repo", false],
      ["Node.create()", "next", "call", "Outer.Node#create()", false],
      ["Node", "create", "call", "Outer.Node", false],
      ["u", "go", "call", null, true],
      ["t", "go", "call", null, true],
      ["value", "go", "call", "this#value", false],
      ["Outer.this", "pick", "call", "Outer", false],
      ["((Repo) u)", "save", "call", "Repo", false],
    ]);
    const result = extract(source);
    expect(result.member_types).toEqual([{ owner: "Outer", name: "repo", type: "Repo" }]);
    expect(result.symbols.find((s) => s.qualified_name === "Outer.Node.next")?.return_type).toBe("Outer.Node");
    expect(result.symbols.find((s) => s.qualified_name === "Outer.pick")?.return_type).toBeUndefined();
  });

  it("reads an upper-case receiver as a type unless a class around declares it as a field or enum constant", () => {
    const source = [
      "class Matcher {",
      "  static final Pattern MAX = null;",
      "  enum Flag { SIZED; boolean known() { return SIZED.set(); } boolean set() { return true; } }",
      "  void find(char c) {",
      "    ASCII.isDigit(c);",
      "    MAX.matcher();",
      "  }",
      "}",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["SIZED", "set", "call", "this#SIZED", false],
      ["ASCII", "isDigit", "call", "ASCII", false],
      ["MAX", "matcher", "call", "this#MAX", false],
    ]);
  });

  it("types by a type parameter's bound, an enum constant by its enum, a static import by its class", () => {
    const source = [
      "import static java.time.temporal.ChronoField.YEAR;",
      "class Holder<D extends ChronoLocalDate, K> {",
      "  private final D date;",
      "  K key;",
      "  D date() { return date; }",
      "  void f() {",
      "    date.getChronology();",
      "    date().toEpochDay();",
      "    key.hashCode();",
      "    YEAR.checkValidValue(1);",
      "    Mode.FAST.describe();",
      "  }",
      "  enum Mode { FAST, SLOW; String describe() { return name(); } }",
      "}",
    ].join("\n");
    expect(calls(source).filter(([receiver]) => receiver !== null)).toEqual([
      ["date", "getChronology", "call", "this#date", false],
      ["date()", "toEpochDay", "call", "this#date()", false],
      ["key", "hashCode", "call", "this#key", false],
      ["YEAR", "checkValidValue", "call", "ChronoField#YEAR", false],
      ["Mode.FAST", "describe", "call", "Holder.Mode#FAST", false],
    ]);
    const result = extract(source);
    expect(result.member_types).toEqual([
      { owner: "Holder", name: "date", type: "ChronoLocalDate" },
      { owner: "Holder.Mode", name: "FAST", type: "Holder.Mode" },
      { owner: "Holder.Mode", name: "SLOW", type: "Holder.Mode" },
    ]);
    expect(result.symbols.find((s) => s.qualified_name === "Holder.date" && s.kind === "method")?.return_type).toBe("ChronoLocalDate");
  });

  it("finds a nested type a file imports through its outer type", () => {
    const source = "import java.util.Map;\nimport java.util.Map.Entry;\nclass A {\n  void f(Entry<String, String> entry) { entry.getKey(); }\n}\n";
    expect(calls(source)).toEqual([["entry", "getKey", "call", "Map.Entry", false]]);
  });

  it("finds a base or a created type nested in an enclosing class through that class", () => {
    const source = [
      "class Map {",
      "  static class Traverser { void advance() {} }",
      "  static class Iter extends Traverser { void next() { advance(); } }",
      "  Object make() { return new Sink.Chained(); }",
      "}",
    ].join("\n");
    const result = extract(source);
    expect(result.symbols.find((s) => s.qualified_name === "Map.Iter")?.bases).toEqual(["Map.Traverser"]);
    expect(result.calls.find((call) => call.callee === "Chained")).toMatchObject({ receiver: "Sink", kind: "new", receiver_type: "Sink" });
  });

  it("reads fields inside an anonymous class as inherited from the type it extends, unless a class around declares them", () => {
    const source = [
      "class Pipeline {",
      "  Sink sink;",
      "  Sink wrap(Sink down) {",
      "    return new Sink.Chained<>(down.copy()) {",
      "      public void accept(Object x) { downstream.accept(x); sink.flush(); this.downstream.end(); }",
      "    };",
      "  }",
      "}",
    ].join("\n");
    expect(calls(source).filter(([, , kind]) => kind === "call")).toEqual([
      ["down", "copy", "call", "Sink", false],
      ["downstream", "accept", "call", "Sink.Chained#downstream", false],
      ["sink", "flush", "call", "Pipeline#sink", false],
      ["this.downstream", "end", "call", "Sink.Chained#downstream", false],
    ]);
  });

  it("makes a one-declarator field and a static block the callers of the calls they make", () => {
    const source =
      'class A {\n  static final Name X = new Name("x");\n  int a = f(), b = g();\n  static class Name { Name(String s) {} }\n  static { Name local = init(); local.touch(); }\n}\n';
    expect(extract(source).calls.map((call) => [call.callee, call.caller, call.receiver_type ?? null])).toEqual([
      ["Name", "A.X", null],
      ["f", null, null],
      ["g", null, null],
      ["init", "A.static", null],
      ["touch", "A.static", "A.Name"],
    ]);
    expect(extract(source).symbols.find((s) => s.qualified_name === "A.static")).toMatchObject({ kind: "constructor", signature: "static", visibility: null });
  });

  it("makes this(…) and super(…) constructor calls of the class and its superclass", () => {
    const source = "class A extends base.Base {\n  A() { this(1); }\n  A(int x) { super(x); }\n}\nclass B { B() { super(); } }\n";
    expect(calls(source)).toEqual([
      [null, "A", "new", null, false],
      ["base", "Base", "new", null, false],
    ]);
  });

  it("reports a chain split over lines on the line of each name, and no method reference or annotation argument", () => {
    const source = "class A {\n  @Timed(name = build())\n  void f(Stream s) {\n    s.map(A::g)\n      .filter(this::ok)\n      .count();\n  }\n}\n";
    expect(extract(source).calls.map((call) => [call.callee, call.line])).toEqual([
      ["map", 4],
      ["filter", 5],
      ["count", 6],
    ]);
  });

  it("records the package and the names each import binds", () => {
    const source =
      "package com.acme.app;\n\nimport com.acme.repo.Store;\nimport java.util.*;\nimport static java.util.Objects.requireNonNull;\nimport static org.junit.Assert.*;\nclass A {}\n";
    const result = extract(source);
    expect(result.member_types).toEqual([{ owner: "", name: "<package>", type: "com.acme.app" }]);
    expect(result.imports.map((entry) => [entry.module, entry.names.map((name) => name.name), entry.line])).toEqual([
      ["com.acme.repo.Store", ["Store"], 3],
      ["java.util", ["*"], 4],
      ["java.util.Objects.requireNonNull", ["requireNonNull"], 5],
      ["org.junit.Assert", ["*"], 6],
    ]);
  });
});
