import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("rust", source);
const receivers = (source: string) => extract(source).calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null, call.local ?? false]);

describe("rust declared types for the call resolver", () => {
  it("types receivers from parameters, let annotations, constructors, factories and references", () => {
    const source = [
      "fn run(repo: &dyn Repository, boxed: Box<dyn Store + Send>) {",
      "    repo.save(1);",
      "    boxed.load();",
      "    let svc = build_service();",
      "    svc.create();",
      "    let user = User::new();",
      "    user.rename();",
      "    let typed: crate::Service = make();",
      "    typed.create();",
      "    let point = Point { x: 1 };",
      "    let borrowed = &point;",
      "    borrowed.norm();",
      "    let next = user.next();",
      "}",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["repo", "save", "Repository", false],
      ["boxed", "load", "Store", false],
      [null, "build_service", null, false],
      ["svc", "create", "build_service()", false],
      ["User", "new", null, false],
      ["user", "rename", "User.new()", false],
      [null, "make", null, false],
      ["typed", "create", "crate::Service", false],
      ["borrowed", "norm", "Point", false],
      ["user", "next", "User.new()", false],
    ]);
  });

  it("types a parameter of a generic type by the type parameter's first trait bound", () => {
    const source = "fn a<R: Repository + Send, T>(r: &R, t: T) where T: Store {\n    r.save();\n    t.load();\n}\n";
    expect(receivers(source)).toEqual([
      ["r", "save", "Repository", false],
      ["t", "load", "Store", false],
    ]);
  });

  it("lets closure parameters and loop patterns shadow a typed binding", () => {
    const source = [
      "fn run(repo: Repository, items: Vec<Item>) {",
      "    items.iter().for_each(|repo| repo.save());",
      "    for repo in items { repo.save(); }",
      "    let f = |x: Store| x.load();",
      "    f(1);",
      "    repo.save();",
      "}",
    ].join("\n");
    const calls = extract(source).calls.filter((call) => call.callee === "save" || call.callee === "load" || call.callee === "f");
    expect(calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null, call.local ?? false])).toEqual([
      ["repo", "save", null, false],
      ["repo", "save", null, false],
      ["x", "load", "Store", false],
      [null, "f", null, true],
      ["repo", "save", "Repository", false],
    ]);
  });

  it("records return types (Self as the impl's type), supertraits and implemented traits", () => {
    const source = [
      "pub trait Audited: Repository + Send {}",
      "impl<T> Repository for Sql<T> {}",
      "impl Sql {",
      "    pub fn new() -> Self { Sql }",
      "    pub fn boxed() -> Box<dyn Repository> { todo!() }",
      "}",
    ].join("\n");
    expect(extract(source).symbols.map((symbol) => [symbol.qualified_name, symbol.kind, symbol.return_type ?? null, symbol.bases ?? null])).toEqual([
      ["Audited", "trait", null, ["Repository", "Send"]],
      ["Sql", "impl", null, ["Repository"]],
      ["Sql", "impl", null, null],
      ["Sql.new", "method", "Sql", null],
      ["Sql.boxed", "method", "Repository", null],
    ]);
  });
});
