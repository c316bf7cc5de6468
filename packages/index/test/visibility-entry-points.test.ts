import { describe, expect, it } from "vitest";
import { analyzeCallGraph, indexLocation, openIndexReader, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

/**
 * Libraries in the languages whose packages have no front-door file: what code outside the
 * project can call is declared by visibility (Go's capitalised names, `public` in Java, C#,
 * PHP and C++, C's external linkage, Ruby's public methods). None of these files is a
 * `main` or imported by another, so before visibility counted every function looked dead.
 *
 * Each file marks by hand, in a trailing comment, the functions that are dead by the
 * language's own rules: not visible outside the project and reached only from dead code.
 * Everything else must be live, functions used only as values included (Go sees its
 * package's names across the directory's files without imports).
 */
const LIBRARY: Record<string, string> = {
  "store/store.go": [
    "package store",
    "",
    "type Store struct{ items map[string]int }",
    "type cache struct{}",
    "",
    "func New() *Store { return &Store{items: normalize(nil)} }",
    "func (s *Store) Get(key string) int { return s.items[key] }",
    "func (s *Store) compact() {} // dead",
    "func normalize(m map[string]int) map[string]int {",
    "\tif m == nil {",
    "\t\treturn map[string]int{}",
    "\t}",
    "\treturn m",
    "}",
    "func orphan() int { return leaf() } // dead",
    "func leaf() int { return 1 } // dead",
    "",
    "// A public method of an unexported type satisfies fmt.Stringer: fmt calls it.",
    'func (c cache) String() string { return "cache" }',
    "",
    "// Used as values only: from another file of the package, and as a method value.",
    "func counted() int { return 2 }",
    "func (s *Store) lookup(key string) int { return s.items[key] }",
    "",
  ].join("\n"),
  "store/registry.go": [
    "package store",
    "",
    'var handlers = map[string]func() int{"counted": counted}',
    "",
    "func Lookup(s *Store) func(string) int {",
    "\tf := s.lookup",
    "\treturn f",
    "}",
    "",
  ].join("\n"),
  "shop/Cart.java": [
    "package shop;",
    "",
    "public class Cart {",
    "  public int total() { return sum(); }",
    "  protected void audit() {}",
    "  private int sum() { return 0; }",
    "  private void unused() {} // dead",
    "  int packagePrivate() { return 1; } // dead",
    "}",
    "",
    "class Helper {",
    "  public void assist() {} // dead",
    "  static { warm(); }",
    "  private static void warm() {}",
    "  private Object readResolve() { return this; }",
    "}",
    "",
  ].join("\n"),
  // Overrides run through the type they override: on an implicit `this`, or through the API.
  "shop/Task.java": [
    "package shop;",
    "",
    "public abstract class Task {",
    "  public final int execute() { return compute(); }",
    "  protected abstract int compute();",
    "}",
    "",
    "class PrintTask extends Task {",
    "  protected int compute() { return 1; }",
    "  int draft() { return 2; } // dead",
    "}",
    "",
    "class QuietCart extends Cart {",
    "  public int total() { return 0; }",
    "}",
    "",
  ].join("\n"),
  "Shop/Basket.cs": [
    "namespace Shop",
    "{",
    "    public class Basket",
    "    {",
    "        public int Count() { return Tally(); }",
    "        private int Tally() { return 0; }",
    "        private void Forgotten() { } // dead",
    "    }",
    "",
    "    internal class Hidden",
    "    {",
    "        public void Work() { } // dead",
    "    }",
    "}",
    "",
  ].join("\n"),
  "src/Mailer.php": [
    "<?php",
    "namespace App;",
    "",
    "class Mailer {",
    "    public function send() { return $this->render(); }",
    '    private function render() { return ""; }',
    "    private function old() {} // dead",
    "}",
    "",
    "function mailer_version() { return 1; }",
    "",
  ].join("\n"),
  "lib/greeter.rb": [
    "class Greeter",
    "  def greet",
    "    format_name",
    "  end",
    "",
    "  private",
    "",
    "  def format_name",
    '    "x"',
    "  end",
    "",
    "  def stale # dead",
    "  end",
    "end",
    "",
  ].join("\n"),
  "lib/buf.c": [
    '#include "util.h"',
    "static int grow(int n) { return n * 2; }",
    "static int unused_helper(void) { return 0; } // dead",
    "int buf_reserve(int n) { return grow(n) + CLAMP(n); }",
    "int buf_pick(int n) {",
    "  int (*pick)(int) = n > 0 ? halve : grow;",
    "  return pick(n);",
    "}",
    "",
  ].join("\n"),
  // Names a header declares are the including file's, through any chain of includes; a macro
  // body calls what it names wherever the macro is expanded.
  "lib/util.h": ['#include "math.h"', "#define CLAMP(x) clamp_impl(x)", "static inline int clamp_impl(int x) { return x < 0 ? 0 : x; }", ""].join("\n"),
  "lib/math.h": ["static inline int halve(int x) { return x / 2; }", "static inline int twice(int x) { return x * 2; } // dead", ""].join("\n"),
  "geo/shape.cpp": [
    "namespace geo {",
    "class Shape {",
    " public:",
    "  double area() const;",
    " private:",
    "  double cached() const;",
    "  double stale() const;",
    "};",
    "double Shape::area() const { return cached(); }",
    "double Shape::cached() const { return 0; }",
    "double Shape::stale() const { return 1; } // dead",
    "}",
    "",
    "namespace {",
    "void hidden_helper() {} // dead",
    "}",
    "",
  ].join("\n"),
};

/** `file:line` of every line marked `// dead` or `# dead`: the hand annotation. */
function annotatedDead(files: Record<string, string>): string[] {
  return Object.entries(files)
    .flatMap(([file, text]) => text.split("\n").flatMap((line, at) => (/(\/\/|#) dead$/u.test(line) ? [`${file}:${at + 1}`] : [])))
    .sort();
}

describe("dead code: API declared by visibility", () => {
  it("reports exactly the annotated functions dead in Go, Java, C#, PHP, Ruby, C and C++", async () => {
    const root = tempTree(LIBRARY);
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    const reader = await openIndexReader(location);
    try {
      const functions = reader.database
        .prepare("SELECT file || ':' || line FROM symbols WHERE kind IN ('function', 'method', 'constructor') ORDER BY 1")
        .pluck()
        .all() as string[];
      const expected = annotatedDead(LIBRARY);
      // Every annotated line is a function the index knows, so the comparison below can fail both ways.
      expect(functions).toEqual(expect.arrayContaining(expected));
      const report = analyzeCallGraph(reader.database, { limit: 0, root });
      const dead = report.dead_code.dead_nodes.map((node) => `${node.file}:${node.line}`).sort();
      expect(dead).toEqual(expected);
    } finally {
      await reader.close();
    }
  });
});
