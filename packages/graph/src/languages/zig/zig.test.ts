import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("zig", source);
const symbol = (source: string, qualifiedName: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName);
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};

describe("zig extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds main in the conformance source and survives the truncated one", () => {
    expect(extract("pub fn main() void {}\n").symbols.map((s) => [s.name, s.kind, s.line, s.visibility])).toEqual([["main", "function", 1, "public"]]);
    expect(() => extract("pub fn main( void {")).not.toThrow();
  });

  // Original lang.rs unit case.
  it("maps containers and constants", () => {
    const source = [
      'const std = @import("std");',
      "pub const MAX: usize = 10;",
      "const Point = struct { x: i32, y: i32 };",
      "const Color = enum { red, green };",
      "const Result = union(enum) { ok: u32, err: u8 };",
      "pub fn main() void {}",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.name, s.kind])).toEqual([
      ["std", "const"],
      ["MAX", "const"],
      ["Point", "struct"],
      ["Color", "enum"],
      ["Result", "union"],
      ["main", "function"],
    ]);
  });

  it("makes container functions methods, also in anonymous structs returned by generic functions", () => {
    const source = [
      "const Opaque = opaque {",
      "    pub fn handle(self: *Opaque) void {}",
      "};",
      "fn List(comptime T: type) type {",
      "    return struct {",
      "        items: []T,",
      "        fn len(self: @This()) usize { return self.items.len; }",
      "    };",
      "}",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility])).toEqual([
      ["Opaque", "struct", "private"],
      ["Opaque.handle", "method", "public"],
      ["List", "function", "private"],
      ["List.len", "method", "private"],
    ]);
  });

  it("skips locals and discards, keeps var as variable", () => {
    const source = "var counter: u32 = 0;\nfn f() void {\n    const local = 1;\n    _ = local;\n}\n";
    expect(extract(source).symbols.map((s) => [s.name, s.kind])).toEqual([
      ["counter", "variable"],
      ["f", "function"],
    ]);
  });

  it("starts a declaration's span at its doc comment, not at a plain or container comment", () => {
    const source = "//! Module docs.\n// plain\n/// Adds.\n/// Twice.\npub fn add() void {}\n";
    const add = symbol(source, "add");
    expect([add.line, add.end_line, add.signature]).toEqual([3, 5, "pub fn add() void"]);
  });

  it("names tests by their string and doctests as `test name`", () => {
    const source = 'fn helper() void {}\ntest "adds numbers" {\n    helper();\n}\ntest helper {}\ntest {}\n';
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.visibility, s.signature])).toEqual([
      ["helper", "function", "private", "fn helper() void"],
      ["adds numbers", "function", "private", 'test "adds numbers"'],
      ["test helper", "function", "private", "test helper"],
      ["test", "function", "private", "test"],
    ]);
    expect(extract(source).calls.map((c) => [c.caller, c.callee])).toEqual([["adds numbers", "helper"]]);
  });

  it("records calls with receivers and skips builtins", () => {
    const source = [
      "fn f() void {",
      '    std.debug.print("{}", .{x});',
      "    list.append(1) catch {};",
      "    const n: u8 = @intCast(size());",
      "    if (!mem.eql(u8, a, b)) {}",
      "    std.ArrayList(u8).init(alloc);",
      "}",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.line])).toEqual([
      ["print", "std.debug", 2],
      ["append", "list", 3],
      ["size", null, 4],
      ["eql", "mem", 5],
      ["init", "std.ArrayList(u8)", 6],
      ["ArrayList", "std", 6],
    ]);
  });

  it("turns @import into imports, with the bound name as alias", () => {
    const source = 'const std = @import("std");\nconst print = @import("std").debug.print;\ntest {\n    _ = @import("other.zig");\n}\n';
    expect(extract(source).imports).toEqual([
      { module: "std", names: [{ name: "*", alias: "std" }], line: 1, kind: "import" },
      { module: "std", names: [{ name: "debug.print", alias: "print" }], line: 2, kind: "import" },
      { module: "other.zig", names: [], line: 4, kind: "import" },
    ]);
  });

  it("counts if, loops, switch prongs but else, catch, orelse, and/or", () => {
    const source = [
      "fn f(x: u32) u32 {",
      "    if (x > 1 and x < 5 or x == 9) {",
      "        for (items) |item| {",
      "            while (item > 0) {}",
      "        }",
      "    } else if (x == 0) {}",
      "    const y = maybe() orelse 1;",
      "    const z = fail() catch 2;",
      "    return switch (x) {",
      "        0 => y,",
      "        1, 2 => z,",
      "        else => 3,",
      "    };",
      "}",
      "",
    ].join("\n");
    // if, and, or, for, while, else-if, orelse, catch, two prongs.
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 11, max_nesting: 3, lines: 14 });
  });

  it("keeps signatures clean when tree-sitter recovers from an error", () => {
    const result = extract("pub fn ok() void {}\npub fn bad(x: u32) void {\n    if (x > 0 {\n        other();\n    }\n}\n");
    expect(result.has_errors).toBe(true);
    expect(result.symbols.map((s) => [s.name, s.signature])).toEqual([
      ["ok", "pub fn ok() void"],
      ["bad", "pub fn bad(x: u32) void"],
    ]);
  });
});
