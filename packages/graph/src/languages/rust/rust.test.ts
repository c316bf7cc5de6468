import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("rust", source);
const lines = (...rows: string[]) => `${rows.join("\n")}\n`;
const symbol = (source: string, qualifiedName: string, kind?: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName && (!kind || s.kind === kind));
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string) => extract(source).calls.map((c) => [c.caller, c.receiver, c.callee, c.kind, c.line]);

describe("rust extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds main in the conformance source and survives the truncated one", () => {
    const result = extract("fn main() {}\nstruct Foo;\n");
    expect(result.symbols.map((s) => [s.name, s.kind, s.line])).toEqual([
      ["main", "function", 1],
      ["Foo", "struct", 2],
    ]);
    expect(() => extract("fn main( { struct")).not.toThrow();
    expect(extract("fn main( { struct").has_errors).toBe(true);
  });

  // Original lang.rs unit case.
  it("finds every item kind of the conformance fixture", () => {
    const source = lines(
      "fn main() {}",
      "struct Foo;",
      "enum Bar { A, B }",
      "trait Baz {}",
      "const X: i32 = 1;",
      "static Y: i32 = 2;",
      "mod inner {}",
      "type Alias = i32;",
      "union U { a: u32 }",
      "impl Foo {}",
      "mod decl;",
    );
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.line])).toEqual([
      ["main", "function", 1],
      ["Foo", "struct", 2],
      ["Bar", "enum", 3],
      ["Baz", "trait", 4],
      ["X", "const", 5],
      ["Y", "static", 6],
      ["inner", "mod", 7],
      ["Alias", "type_alias", 8],
      ["U", "union", 9],
      ["Foo", "impl", 10],
      ["decl", "mod", 11],
    ]);
  });

  // Original call and index cases: main calls helper and new; lines are 1-based.
  it("records calls, including macros and path calls", () => {
    const source = 'fn helper() { println!("hi"); }\nfn main() { helper(); Vec::new(); }\n';
    expect(extract(source).calls).toEqual([
      { caller: "helper", caller_line: 1, callee: "println", receiver: null, line: 1, kind: "macro" },
      { caller: "main", caller_line: 2, callee: "helper", receiver: null, line: 2, kind: "call" },
      { caller: "main", caller_line: 2, callee: "new", receiver: "Vec", line: 2, kind: "call" },
    ]);
  });

  it("gives an empty result for empty source", () => {
    expect(extract("")).toMatchObject({ symbols: [], calls: [], imports: [], has_errors: false });
  });

  it("names impl blocks after the implementing type and puts their methods under it", () => {
    const source = lines(
      "impl<T: Clone> Foo<T> { pub fn new() -> Self { todo!() } }",
      "impl fmt::Display for crate::model::Foo { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }",
      "impl<'a> Iterator for &'a mut Bar<'a> { type Item = u8; fn next(&mut self) -> Option<u8> { None } }",
      "unsafe impl Send for Baz {}",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.signature, s.visibility])).toEqual([
      ["Foo", "impl", "impl<T: Clone> Foo<T>", null],
      ["Foo.new", "method", "pub fn new() -> Self", "public"],
      ["Foo", "impl", "impl fmt::Display for crate::model::Foo", null],
      ["Foo.fmt", "method", "fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result", "public"],
      ["Bar", "impl", "impl<'a> Iterator for &'a mut Bar<'a>", null],
      ["Bar.Item", "type_alias", "type Item = u8", "private"],
      ["Bar.next", "method", "fn next(&mut self) -> Option<u8>", "public"],
      ["Baz", "impl", "unsafe impl Send for Baz", null],
    ]);
  });

  it("maps visibility modifiers and inherits a trait's visibility", () => {
    const source = lines(
      "pub fn a() {}",
      "pub(crate) fn b() {}",
      "pub(super) fn c() {}",
      "pub(in crate::x) fn d() {}",
      "pub(self) fn e() {}",
      "fn f() {}",
      "pub trait Shape { fn area(&self) -> f64; fn name(&self) -> String { String::new() } }",
      "trait Hidden { fn secret(&self); }",
      "impl Thing { fn helper(&self) {} pub fn api(&self) {} }",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.visibility])).toEqual([
      ["a", "public"],
      ["b", "crate"],
      ["c", "restricted"],
      ["d", "restricted"],
      ["e", "private"],
      ["f", "private"],
      ["Shape", "public"],
      ["Shape.area", "public"],
      ["Shape.name", "public"],
      ["Hidden", "private"],
      ["Hidden.secret", "private"],
      ["Thing", null],
      ["Thing.api", "public"],
      ["Thing.helper", "private"],
    ]);
  });

  it("keeps fns nested in fns and methods as functions", () => {
    const source = lines("impl S {", "    fn run(&self) {", "        fn step() {}", "        step();", "    }", "}", "fn outer() {", "    fn inner() {}", "}");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind])).toEqual([
      ["S", "impl"],
      ["S.run", "method"],
      ["S.run.step", "function"],
      ["outer", "function"],
      ["outer.inner", "function"],
    ]);
  });

  it("spans and signs outer attributes, not doc comments", () => {
    const source = lines(
      "/// Documented.",
      "#[derive(Debug, Clone)]",
      "// a plain comment",
      '#[serde(rename_all = "camelCase")]',
      "pub struct Config {",
      "    #[serde(default)]",
      "    pub name: String,",
      "}",
      "",
      "#[cfg(test)]",
      "mod tests {",
      "    #[test]",
      "    /// Doc after the attribute.",
      "    fn works() {",
      "        #[allow(unused)]",
      "        let x = 1;",
      "    }",
      "    fn plain() {}",
      "}",
      "#[macro_export]",
      'macro_rules! shout { ($e:expr) => { println!("{}", $e) }; }',
      "macro_rules! quiet { () => {}; }",
    );
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line, s.signature, s.visibility])).toEqual([
      ["Config", "struct", 2, 8, '#[derive(Debug, Clone)] #[serde(rename_all = "camelCase")] pub struct Config', "public"],
      ["tests", "mod", 10, 19, "#[cfg(test)] mod tests", "private"],
      ["tests.works", "function", 12, 17, "#[test] fn works()", "private"],
      ["tests.plain", "function", 18, 18, "fn plain()", "private"],
      ["shout", "function", 20, 21, "#[macro_export] macro_rules! shout", "public"],
      ["quiet", "function", 22, 22, "macro_rules! quiet", "private"],
    ]);
    // Calls in a macro_rules! expansion belong to the macro.
    expect(calls(source)).toEqual([["shout", null, "println", "macro", 21]]);
  });

  it("signs items on one line without bodies or comments", () => {
    const source = lines(
      "pub async fn fetch<T>(",
      "    url: &str, // the endpoint",
      "    /* retries */ tries: u8,",
      ") -> Result<T, Error>",
      "where",
      "    T: DeserializeOwned,",
      "{",
      "    todo!()",
      "}",
      "pub struct Meters(pub f64);",
      "const TABLE: [u8; 3] = [",
      "    1, 2, 3,",
      "];",
      'const fn key() -> &\'static str { "//not a comment" }',
    );
    expect(extract(source).symbols.map((s) => s.signature)).toEqual([
      "pub async fn fetch<T>(url: &str, tries: u8,) -> Result<T, Error> where T: DeserializeOwned,",
      "pub struct Meters(pub f64)",
      "const TABLE: [u8; 3] = …",
      "const fn key() -> &'static str",
    ]);
  });

  it("records receivers for method, path, generic and chained calls", () => {
    const source = lines(
      "fn run(&self) {",
      "    self.store.get(1).unwrap();",
      "    crate::db::open();",
      "    parse::<u8>(s);",
      "    Vec::<u8>::with_capacity(4);",
      "    <T as Default>::default();",
      "    let v = items",
      "        .iter()",
      "        .map(|x| x.len())",
      "        .collect::<Vec<_>>();",
      "    (self.callback)();",
      "    tokio::join!(a(), b());",
      "}",
    );
    expect(calls(source)).toEqual([
      ["run", "self.store.get(1)", "unwrap", "call", 2],
      ["run", "self.store", "get", "call", 2],
      ["run", "crate::db", "open", "call", 3],
      ["run", null, "parse", "call", 4],
      ["run", "Vec", "with_capacity", "call", 5],
      ["run", "<T as Default>", "default", "call", 6],
      ["run", "items", "iter", "call", 8],
      ["run", "items.iter()", "map", "call", 9],
      ["run", "x", "len", "call", 9],
      ["run", "items.iter().map(|x| x.len())", "collect", "call", 10],
      ["run", "tokio", "join", "macro", 12],
      ["run", null, "a", "call", 12],
      ["run", null, "b", "call", 12],
    ]);
  });

  it("finds calls written inside macro arguments", () => {
    const source = lines(
      "fn t() {",
      "    assert_eq!(add(1, 2), Foo::new(3).value());",
      '    let v = vec![Item::parse("a")?, make()];',
      "    println!(",
      '        "{} {}",',
      "        self.name(),",
      "        it.collect::<Vec<_>>(),",
      "    );",
      '    log::info!("{}", format!("{}", x.len()));',
      "}",
    );
    expect(calls(source)).toEqual([
      ["t", null, "assert_eq", "macro", 2],
      ["t", null, "add", "call", 2],
      ["t", "Foo", "new", "call", 2],
      ["t", "Foo::new(3)", "value", "call", 2],
      ["t", null, "vec", "macro", 3],
      ["t", "Item", "parse", "call", 3],
      ["t", null, "make", "call", 3],
      ["t", null, "println", "macro", 4],
      ["t", "self", "name", "call", 6],
      ["t", "it", "collect", "call", 7],
      ["t", "log", "info", "macro", 9],
      ["t", null, "format", "macro", 9],
      ["t", "x", "len", "call", 9],
    ]);
  });

  it("flattens use trees into one entry per path prefix", () => {
    const source = lines(
      "use std::collections::{HashMap, hash_map::{Entry, Iter as It}, self};",
      "use crate::db::*;",
      "pub use super::x as y;",
      "use ::std::io;",
      "use serde;",
      "use log as logging;",
      "extern crate alloc;",
      "extern crate core as c;",
      "fn f() { use std::fmt::Write; }",
    );
    expect(extract(source).imports).toEqual([
      {
        module: "std::collections",
        names: [
          { name: "HashMap", alias: null },
          { name: "self", alias: null },
        ],
        line: 1,
        kind: "use",
      },
      {
        module: "std::collections::hash_map",
        names: [
          { name: "Entry", alias: null },
          { name: "Iter", alias: "It" },
        ],
        line: 1,
        kind: "use",
      },
      { module: "crate::db", names: [{ name: "*", alias: null }], line: 2, kind: "use" },
      { module: "super", names: [{ name: "x", alias: "y" }], line: 3, kind: "use" },
      { module: "::std", names: [{ name: "io", alias: null }], line: 4, kind: "use" },
      { module: "serde", names: [], line: 5, kind: "use" },
      { module: "log", names: [{ name: "self", alias: "logging" }], line: 6, kind: "use" },
      { module: "alloc", names: [], line: 7, kind: "use" },
      { module: "core", names: [{ name: "self", alias: "c" }], line: 8, kind: "use" },
      { module: "std::fmt", names: [{ name: "Write", alias: null }], line: 9, kind: "use" },
    ]);
  });

  it("counts decision points", () => {
    const source = lines(
      "fn f(a: bool, b: bool, xs: &[u8]) -> Option<u8> {",
      "    if a && b || !a {", // if, &&, ||
      "        return None;",
      "    } else if b {", // else if
      "    } else {",
      "    }",
      "    for x in xs {}", // for
      "    while a {}", // while
      "    loop { break; }", // loop
      "    let Some(first) = xs.first() else { return None };", // let-else
      "    let y = parse(xs)?;", // ? does not count
      "    let g = || a || b;", // || inside the closure counts for f; the closure bars do not
      "    match y {",
      "        0 => {}", // arm
      "        n if n > 9 => {}", // arm + guard
      "        Some(_) | None => {}", // arm
      "        _ => {}", // default
      "    }",
      "    Some(*first)",
      "}",
    );
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 13, max_nesting: 1, lines: 20 });
  });

  it("treats an else-if chain as one nesting level and a binding arm as the default", () => {
    const source = lines(
      "fn g(x: u8) {",
      "    if x == 0 {",
      "    } else if x == 1 {",
      "    } else if x == 2 {",
      "        for i in 0..x {",
      "            match i {",
      "                1 => {}",
      "                other => {}",
      "            }",
      "        }",
      "    }",
      "}",
    );
    expect(symbol(source, "g").complexity).toEqual({ cyclomatic: 6, max_nesting: 3, lines: 12 });
  });

  it("recovers items around syntax errors", () => {
    const source = lines(
      "pub struct P { x: i32 }",
      "impl P {",
      "    fn bad(&self) -> i32 { self.x + }",
      "    fn good(&self) {}",
      "}",
      "fn after() { helper() }",
    );
    const result = extract(source);
    expect(result.has_errors).toBe(true);
    expect(result.symbols.map((s) => s.qualified_name)).toEqual(expect.arrayContaining(["P", "P.bad", "P.good", "after"]));
    for (const s of result.symbols) expect(s.line).toBeLessThanOrEqual(s.end_line);
  });
});
