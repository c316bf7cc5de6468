import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("csharp", source);
const lines = (...text: string[]) => text.join("\n");
const receivers = (source: string) => extract(source).calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null, call.local ?? false]);

describe("csharp declared types for the call resolver", () => {
  it("types receivers from parameters, locals, constructors, casts, factories, fields and base", () => {
    const source = lines(
      "namespace App.Services;",
      "class Service : BaseService, IService {",
      "  private readonly IRepository _repo;",
      "  public Store Store { get; }",
      "  void Run(Store store, int count) {",
      "    store.Load();",
      "    var built = Build();",
      "    built.Create();",
      "    var direct = new Service();",
      "    direct.Run(null, 1);",
      "    Service typed = Make();",
      "    typed.Run(null, 2);",
      "    var cast = (Store)other;",
      "    cast.Load();",
      "    var made = Factory.Create();",
      "    made.Save();",
      "    _repo.Save();",
      "    this._repo.Find().Save();",
      "    Store.Load();",
      "    base.Run();",
      "    Helpers.Format();",
      "  }",
      "}",
    );
    expect(receivers(source)).toEqual([
      ["store", "Load", "Store", true],
      [null, "Build", null, false],
      ["built", "Create", "Build()", true],
      [null, "Service", null, false],
      ["direct", "Run", "Service", true],
      [null, "Make", null, false],
      ["typed", "Run", "Service", true],
      ["cast", "Load", "Store", true],
      ["Factory", "Create", "Factory", false],
      ["made", "Save", "Factory#Create()", true],
      ["_repo", "Save", "this#_repo", false],
      ["this._repo.Find()", "Save", "this#_repo#Find()", false],
      ["this._repo", "Find", "this#_repo", false],
      ["Store", "Load", "this#Store", false],
      ["base", "Run", "BaseService", false],
      ["Helpers", "Format", "Helpers", false],
    ]);
    expect(extract(source).member_types).toEqual([{ owner: "", name: "<package>", type: "App.Services" }]);
  });

  it("binds foreach, catch, pattern, out and lambda variables, untyped ones shadowing", () => {
    const source = lines(
      "class A {",
      "  void F() {",
      "    foreach (Store s in list) s.Load();",
      "    foreach (var v in list) v.Load();",
      "    try { } catch (IOException e) { e.Log(); }",
      "    if (o is Cache c) c.Clear();",
      "    Parse(out Token t); t.Read();",
      "    list.ForEach(item => item.Save());",
      "    Func<int> run = () => 1; run();",
      "  }",
      "}",
    );
    expect(receivers(source)).toEqual([
      ["s", "Load", "Store", true],
      ["v", "Load", null, true],
      ["e", "Log", "IOException", true],
      ["c", "Clear", "Cache", true],
      [null, "Parse", null, false],
      ["t", "Read", "Token", true],
      ["list", "ForEach", "this#list", false],
      ["item", "Save", null, true],
      [null, "run", null, true],
    ]);
  });

  it("records return types, property and field types, and primary-constructor parameters as members", () => {
    const source = lines(
      "record Order(Customer Buyer, int Count);",
      "class Service(IRepository repository) {",
      "  public Store Open() => null;",
      "  public T Get<T>() => default;",
      "  public Task<Store> LoadAsync() => null;",
      "  public Cache Cache { get; set; }",
      "  private List<Order> _orders;",
      "  void Run() { repository.Save(); }",
      "}",
      "class Box<T> { public T Value; public T Take() => Value; }",
    );
    const result = extract(source);
    expect(result.symbols.filter((s) => s.return_type || s.value_type).map((s) => [s.qualified_name, s.return_type ?? s.value_type])).toEqual([
      ["Service.Open", "Store"],
      ["Service.LoadAsync", "Task"],
      ["Service.Cache", "Cache"],
      ["Service._orders", "List"],
    ]);
    expect(result.member_types).toEqual([
      { owner: "Order", name: "Buyer", type: "Customer" },
      { owner: "Service", name: "repository", type: "IRepository" },
    ]);
    expect(receivers(source)).toEqual([["repository", "Save", "this#repository", false]]);
  });

  it("qualifies a type nested in the enclosing type, so the resolver finds it from the file's top level", () => {
    const source = lines(
      "class Counter {",
      "  private Step _step;",
      "  void F() { var s = new Step(); s.Size(); Step.Make(); }",
      "  public class Step { }",
      "}",
    );
    expect(extract(source).symbols.find((s) => s.name === "_step")?.value_type).toBe("Counter.Step");
    expect(receivers(source)).toEqual([
      [null, "Step", null, false],
      ["s", "Size", "Counter.Step", true],
      ["Step", "Make", "Counter.Step", false],
    ]);
  });

  it("marks bare calls of local functions' and delegates' names as local only when bound", () => {
    const source = lines("class A {", "  void F(Action done) {", "    done();", "    Helper();", "  }", "}");
    expect(receivers(source)).toEqual([
      [null, "done", null, true],
      [null, "Helper", null, false],
    ]);
  });
});
