import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("zig", source);

describe("zig declared types for the call resolver", () => {
  it("types receivers from parameters, locals, initializers, factories, @This() aliases and slice captures", () => {
    const source = [
      'const repository = @import("repository.zig");',
      "const Repo = repository.Repo;",
      "const Pool = struct {",
      "    const Self = @This();",
      "    pub fn init() !Self { return Self.make(); }",
      "    fn make() Self { return .{}; }",
      "};",
      "fn run(target: *Repo, shapes: []const Shape) void {",
      "    target.save(1);",
      "    var made = repository.makeRepo();",
      "    made.save(2);",
      "    var pool = try Pool.init();",
      "    pool.take();",
      "    const shape = Shape{ .side = 1 };",
      "    shape.area();",
      "    for (shapes) |item| item.area();",
      "}",
    ].join("\n");
    const result = extract(source);
    expect(result.calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null])).toEqual([
      ["Self", "make", "Pool"],
      ["target", "save", "Repo"],
      ["repository", "makeRepo", null],
      ["made", "save", "repository.makeRepo()"],
      ["Pool", "init", null],
      ["pool", "take", "Pool.init()"],
      ["shape", "area", "Shape"],
      ["item", "area", "Shape"],
    ]);
    expect(result.symbols.map((symbol) => [symbol.qualified_name, symbol.return_type ?? null, symbol.value_type ?? null])).toEqual([
      ["repository", null, null],
      ["Repo", null, "=repository.Repo"],
      ["Pool", null, null],
      ["Pool.Self", null, null],
      ["Pool.init", "Pool", null],
      ["Pool.make", "Pool", null],
      ["run", "void", null],
    ]);
  });

  it("records a container's usingnamespace mixins as bases", () => {
    const source = "const Counter = struct {\n    pub usingnamespace Countable(Counter);\n    pub usingnamespace helpers;\n};\n";
    expect(extract(source).symbols.find((symbol) => symbol.name === "Counter")?.bases).toEqual(["Countable()", "helpers"]);
  });
});
