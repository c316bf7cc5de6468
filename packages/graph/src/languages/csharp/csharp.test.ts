import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { keepFirstBranches } from "./csharp-source";

const extract = (source: string) => extractFile("csharp", source);
const lines = (...text: string[]) => text.join("\n");
const outline = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.visibility]);
const symbol = (source: string, qualifiedName: string, kind?: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName && (kind === undefined || s.kind === kind));
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string) => extract(source).calls.map((call) => [call.caller, call.kind, call.receiver, call.callee, call.line]);

describe("csharp declarations", () => {
  it("names each kind of type and member, with C#'s default visibility", () => {
    const source = lines(
      "namespace App.Models",
      "{",
      "    class Store",
      "    {",
      "        int count;",
      "        public const int Max = 10;",
      "        public event EventHandler Changed;",
      "        public string Name { get; set; }",
      "        public Store() { }",
      "        void Save() { }",
      "        public delegate void Handler(int x);",
      "        struct Slot { }",
      "    }",
      "    public interface IStore { void Open(); int Size { get; } }",
      "    enum Mode { On, Off }",
      "    public record Point(int X, int Y);",
      "    record struct Pair(int A, int B);",
      "}",
    );
    expect(outline(source)).toEqual([
      ["App.Models", "namespace", 1, null],
      ["Store", "class", 3, "internal"],
      ["Store.count", "field", 5, "private"],
      ["Store.Max", "const", 6, "public"],
      ["Store.Changed", "event", 7, "public"],
      ["Store.Name", "property", 8, "public"],
      ["Store.Store", "constructor", 9, "public"],
      ["Store.Save", "method", 10, "private"],
      ["Store.Handler", "delegate", 11, "public"],
      ["Store.Slot", "struct", 12, "private"],
      ["IStore", "interface", 14, "public"],
      ["IStore.Open", "method", 14, "public"],
      ["IStore.Size", "property", 14, "public"],
      ["Mode", "enum", 15, "internal"],
      ["Mode.Off", "const", 15, "public"],
      ["Mode.On", "const", 15, "public"],
      ["Point", "record", 16, "public"],
      ["Pair", "record", 17, "internal"],
    ]);
  });

  it("keeps types top-level under namespaces and names nested namespaces under their parent", () => {
    const source = lines("namespace A.B {", "  namespace C {", "    class D { }", "  }", "}", "namespace E { class F { } }");
    expect(extract(source).symbols.map((s) => [s.name, s.qualified_name, s.parent])).toEqual([
      ["A.B", "A.B", null],
      ["C", "A.B.C", "A.B"],
      ["D", "D", null],
      ["E", "E", null],
      ["F", "F", null],
    ]);
  });

  it("spans a file-scoped namespace to the end of the file", () => {
    const namespace = symbol("namespace App;\n\nclass A { }\n\nclass B { }\n", "App");
    expect([namespace.line, namespace.end_line, namespace.signature]).toEqual([1, 5, "namespace App"]);
  });

  it("names operators, conversions, finalizers, indexers and static constructors as C# writes them", () => {
    const source = lines(
      "class Money {",
      "  static Money() { }",
      "  ~Money() { }",
      "  public static Money operator +(Money a, Money b) => a;",
      "  public static implicit operator decimal(Money m) => 0;",
      "  public decimal this[int i] => i;",
      "  void IComparable.CompareTo(object other) { }",
      "}",
    );
    expect(
      extract(source)
        .symbols.slice(1)
        .map((s) => [s.name, s.kind, s.signature]),
    ).toEqual([
      ["Money", "constructor", "static Money()"],
      ["~Money", "method", "~Money()"],
      ["operator +", "method", "public static Money operator +(Money a, Money b)"],
      ["operator decimal", "method", "public static implicit operator decimal(Money m)"],
      ["this[]", "property", "public decimal this[int i]"],
      ["CompareTo", "method", "void IComparable.CompareTo(object other)"],
    ]);
  });

  it("gives one symbol per declarator, keeping short initializers in the signature", () => {
    const source = lines("class A {", '  private static readonly string Prefix = "x", Suffix;', "  public const int Max = 3;", "}");
    expect(
      extract(source)
        .symbols.slice(1)
        .map((s) => [s.name, s.kind, s.signature]),
    ).toEqual([
      ["Prefix", "field", 'private static readonly string Prefix = "x"'],
      ["Suffix", "field", "private static readonly string Suffix"],
      ["Max", "const", "public const int Max = 3"],
    ]);
  });

  it("makes members with code callable and leaves auto-properties and abstract members without complexity", () => {
    const source = lines(
      "abstract class A {",
      "  public int Auto { get; set; }",
      "  public int Arrow => Compute();",
      "  public int Full { get { return x ? 1 : 2; } }",
      "  public abstract void Later();",
      "  public event EventHandler E { add { } remove { } }",
      "}",
    );
    expect(
      extract(source)
        .symbols.slice(1)
        .map((s) => [s.name, s.complexity?.cyclomatic ?? null]),
    ).toEqual([
      ["Auto", null],
      ["Arrow", 1],
      ["Full", 2],
      ["Later", null],
      ["E", 1],
    ]);
    expect(symbol(source, "A.Auto").signature).toBe("public int Auto { get; set; }");
    expect(symbol(source, "A.Later").signature).toBe("public abstract void Later()");
  });

  it("maps combined access modifiers to protected and nests local functions under their method", () => {
    const source = lines("class A {", "  protected internal void P() { }", "  private protected void Q() {", "    int Local() => 1;", "  }", "}");
    expect(outline(source)).toEqual([
      ["A", "class", 1, "internal"],
      ["A.P", "method", 2, "protected"],
      ["A.Q", "method", 3, "protected"],
      ["A.Q.Local", "function", 4, null],
    ]);
  });

  it("keeps attributes in signatures and records base types without their type arguments", () => {
    const source = lines("[Serializable]", "public sealed partial class Repo<T> : Base<T>, IRepo<T>, global::System.IDisposable where T : class", "{", "}");
    const repo = symbol(source, "Repo");
    expect(repo.signature).toBe("[Serializable] public sealed partial class Repo<T> : Base<T>, IRepo<T>, global::System.IDisposable where T : class");
    expect(repo.bases).toEqual(["Base", "IRepo", "System.IDisposable"]);
    expect(repo.line).toBe(1);
  });

  it("reads /// documentation above attributes", () => {
    const source = lines("/// Stores orders.", "[Serializable]", "class Store { }");
    expect(symbol(source, "Store").doc).toBe("Stores orders.");
  });

  it("counts case sections, switch arms but the discard, and nests else-if chains flat", () => {
    const source = lines(
      "class A {",
      "  int F(int x) {",
      "    switch (x) { case 1: return 1; case 2: case 3: return 2; default: break; }",
      "    var y = x switch { 1 => 1, 2 => 2, _ => 0 };",
      "    if (x > 1 && y > 0 || x < 0) { } else if (x == 0) { if (y == 0) { } }",
      "    foreach (var i in list) { try { } catch (Exception) { } }",
      "    return x ?? y;",
      "  }",
      "}",
    );
    // cases 1, 2, 3 (3) + arms 1, 2 (2) + if, &&, || (3) + else if, inner if (2) + foreach, catch (2) + ?? (1)
    expect(symbol(source, "A.F").complexity).toEqual({ cyclomatic: 14, max_nesting: 2, lines: 7 });
  });
});

describe("csharp calls and imports", () => {
  it("reads bare, generic, member, conditional and constructor calls", () => {
    const source = lines(
      "class A {",
      "  void F() {",
      "    Run();",
      "    Make<int>();",
      "    this.Save();",
      "    base.Close();",
      "    a.b.c.D();",
      "    store?.Load();",
      "    store?.Items.Clear();",
      "    value!.Trim();",
      "    new Store(1);",
      "    new App.Models.Store<int>();",
      "    var n = nameof(F);",
      "  }",
      "}",
    );
    expect(calls(source)).toEqual([
      ["A.F", "call", null, "Run", 3],
      ["A.F", "call", null, "Make", 4],
      ["A.F", "call", "this", "Save", 5],
      ["A.F", "call", "base", "Close", 6],
      ["A.F", "call", "a.b.c", "D", 7],
      ["A.F", "call", "store", "Load", 8],
      ["A.F", "call", "store.Items", "Clear", 9],
      ["A.F", "call", "value", "Trim", 10],
      ["A.F", "new", null, "Store", 11],
      ["A.F", "new", "App.Models", "Store", 12],
    ]);
  });

  it("reports a chain split over lines on the line of the called name", () => {
    const source = lines("class A {", "  void F() {", "    items", "      .Where(x => x)", "      .ToList();", "  }", "}");
    expect(calls(source).map(([, , receiver, callee, line]) => [receiver, callee, line])).toEqual([
      ["items", "Where", 4],
      ["items.Where(x => x)", "ToList", 5],
    ]);
  });

  it("constructs the declared type of a target-typed new and chains constructor initializers", () => {
    const source = lines(
      "class Service : BaseService, IDisposable {",
      "  private Store _store = new();",
      "  public Cache Cache { get; } = new(10);",
      "  public Service() : base(1) { Store local = new(); }",
      "  public Service(int x) : this() { }",
      "}",
      "class Plain : IDisposable { Plain() : base() { } }",
    );
    expect(calls(source)).toEqual([
      [null, "new", null, "Store", 2],
      [null, "new", null, "Cache", 3],
      ["Service.Service", "new", null, "BaseService", 4],
      ["Service.Service", "new", null, "Store", 4],
      ["Service.Service", "new", null, "Service", 5],
    ]);
  });

  it("imports namespaces, static classes and aliases", () => {
    const source = lines(
      "using System;",
      "using static System.Math;",
      "using Repo = App.Data.Repository<int>;",
      "using Same = App.Same;",
      "global using global::App.Models;",
      "namespace App { using App.Inner; }",
    );
    expect(extract(source).imports.map((entry) => [entry.module, entry.names, entry.line])).toEqual([
      ["System", [{ name: "*", alias: null }], 1],
      ["System.Math", [{ name: "*", alias: null }], 2],
      ["App.Data.Repository", [{ name: "Repository", alias: "Repo" }], 3],
      ["App.Same", [{ name: "Same", alias: null }], 4],
      ["App.Models", [{ name: "*", alias: null }], 5],
      ["App.Inner", [{ name: "*", alias: null }], 6],
    ]);
  });

  it("attributes top-level statements to no caller and their local functions to themselves", () => {
    const source = lines("var app = Build();", "app.Run();", "Report();", "static void Report() => Console.WriteLine(1);");
    expect(calls(source)).toEqual([
      [null, "call", null, "Build", 1],
      [null, "call", "app", "Run", 2],
      [null, "call", null, "Report", 3],
      ["Report", "call", "Console", "WriteLine", 4],
    ]);
  });
});

describe("csharp preprocessor directives", () => {
  it("keeps the first branch of each #if and blanks the rest without moving lines or offsets", () => {
    const source = lines("#if DEBUG", "class A : B {", "#elif TRACE", "class A : C {", "#else", "class A {", "#endif", "}");
    const prepared = keepFirstBranches(source);
    expect(prepared.length).toBe(source.length);
    expect(prepared.split("\n").map((line) => line.trim())).toEqual(["", "class A : B {", "", "", "", "", "", "}"]);
    const result = extract(source);
    expect(result.has_errors).toBe(false);
    expect(result.symbols.map((s) => [s.name, s.line, s.bases])).toEqual([["A", 2, ["B"]]]);
  });

  it("keeps the next branch of #if false, nested conditionals and CRLF files with a byte order mark", () => {
    const source = [
      "\uFEFF#if false",
      "class Off { }",
      "#else",
      "#if X",
      "class On { }",
      "#endif",
      "#endif",
      "#region R",
      "class After { }",
      "#endregion",
    ].join("\r\n");
    const result = extract(source);
    expect(result.has_errors).toBe(false);
    expect(result.symbols.map((s) => [s.name, s.line])).toEqual([
      ["On", 5],
      ["After", 9],
    ]);
  });
});

describe("csharp robustness", () => {
  it("never throws on broken, binary-looking or deeply nested input", () => {
    const broken = extract("namespace A { class B { void C() { D(; } void E() { } } ");
    expect(broken.has_errors).toBe(true);
    expect(broken.symbols.map((s) => s.qualified_name)).toEqual(["B", "B.C", "B.E"]);
    const binary = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join("");
    expect(() => extract(binary)).not.toThrow();
    const nested = `class A { int F() => ${"(".repeat(5000)}x${")".repeat(5000)}.G(); void H() { var y = ${"(".repeat(3000)}Make()${")".repeat(3000)}; y.Run(); } }`;
    expect(() => extract(nested)).not.toThrow();
    const chain = `class A { void F() { x${".M()".repeat(3000)}; } }`;
    expect(extract(chain).calls.length).toBe(3000);
  });
});
