import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("ruby", source);
const symbols = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility]);
const calls = (source: string) => extract(source).calls.map((c) => [c.caller, c.callee, c.receiver, c.kind]);

describe("ruby declarations", () => {
  it("nests modules and classes, compact names included, with `.` qualified names", () => {
    const source = [
      "module Shop",
      "  class Cart < Base::Model",
      "    def add(item) = items << item",
      "  end",
      "  class Admin::Panel; end",
      "end",
      "class ::Top; end",
      "class Shop::Order; end",
      "",
    ].join("\n");
    const result = extract(source).symbols;
    expect(result.map((s) => [s.qualified_name, s.kind, s.parent])).toEqual([
      ["Shop", "module", null],
      ["Shop.Cart", "class", "Shop"],
      ["Shop.Cart.add", "method", "Shop.Cart"],
      ["Shop.Admin.Panel", "class", "Shop.Admin"],
      ["Top", "class", null],
      ["Shop.Order", "class", "Shop"],
    ]);
    expect(result[1]!.signature).toBe("class Cart < Base::Model");
    expect(result[1]!.bases).toEqual(["Base::Model"]);
    expect(result[2]!.signature).toBe("def add(item)");
  });

  it("reads singleton methods from `def self.x`, `def Const.x` and `class << self`", () => {
    const source = [
      "class Repo",
      "  def self.open(path) = new",
      "  def Repo.close; end",
      "  class << self",
      "    def shared; end",
      "    private",
      "    def hidden; end",
      "  end",
      "  def initialize; end",
      "end",
      "def Other.helper; end",
      "",
    ].join("\n");
    const result = extract(source).symbols;
    expect(result.map((s) => [s.qualified_name, s.kind, s.visibility, s.signature])).toEqual([
      ["Repo", "class", "public", "class Repo"],
      ["Repo.open", "method", "public", "def self.open(path)"],
      ["Repo.close", "method", "public", "def Repo.close"],
      ["Repo.shared", "method", "public", "def self.shared"],
      ["Repo.hidden", "method", "private", "def self.hidden"],
      ["Repo.initialize", "constructor", "private", "def initialize"],
      ["Other.helper", "method", "public", "def Other.helper"],
    ]);
    // `new` in a singleton method constructs the class: a factory's return type.
    expect(result[1]!.return_type).toBe("Repo");
  });

  it("makes every `def` of a `class << obj` body a singleton method, inside conditions and methods too", () => {
    const source = [
      "class Cgi",
      "  class << self",
      "    if defined?(X)",
      "      def local_path = nil",
      "    end",
      "    def outer",
      "      def nested; end",
      "    end",
      "  end",
      "  def add(row)",
      "    class << row",
      "      attr_reader :fields",
      "      def extra; end",
      "    end",
      "    attr_reader :not_a_declaration",
      "  end",
      "end",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.signature])).toEqual([
      ["Cgi", "class", "class Cgi"],
      ["Cgi.local_path", "method", "def self.local_path"],
      ["Cgi.outer", "method", "def self.outer"],
      ["Cgi.nested", "method", "def nested"],
      ["Cgi.add", "method", "def add(row)"],
      ["Cgi.fields", "property", "attr_reader :fields"],
      ["Cgi.extra", "method", "def self.extra"],
    ]);
  });

  it("applies visibility sections, wrapped and named visibility calls", () => {
    const source = [
      "class Account",
      "  attr_reader :id",
      "  def a; end",
      "  protected",
      "  def b; end",
      "  private",
      "  attr_accessor :secret",
      "  def c; end",
      "  public def d; end",
      "  def e; end",
      "  public",
      "  def f; end",
      "  private :f",
      "  def self.g; end",
      "  private_class_method :g",
      "  INTERNAL = 1",
      "  private_constant :INTERNAL",
      "  private attr_writer :token",
      "end",
      "def script_helper; end",
      "",
    ].join("\n");
    expect(symbols(source)).toEqual([
      ["Account", "class", "public"],
      ["Account.id", "property", "public"],
      ["Account.a", "method", "public"],
      ["Account.b", "method", "protected"],
      ["Account.secret", "property", "private"],
      ["Account.c", "method", "private"],
      ["Account.d", "method", "public"],
      ["Account.e", "method", "private"],
      ["Account.f", "method", "private"],
      ["Account.g", "method", "private"],
      ["Account.INTERNAL", "const", "private"],
      ["Account.token", "property", "private"],
      // A top-level `def` is a private method of Object.
      ["script_helper", "function", "private"],
    ]);
  });

  it("makes Struct, Class, Data and Module factories types that hold their block's methods", () => {
    const source = [
      "Point = Struct.new(:x, :y) do",
      "  def norm = x + y",
      "end",
      "Admin = Class.new(User)",
      "Pair = Data.define(:left, :right)",
      "Mixin = Module.new",
      "LIMIT = 10",
      "LONG = [",
      "  1,",
      "]",
      "A, B = 1, 2",
      "",
    ].join("\n");
    const result = extract(source).symbols;
    expect(result.map((s) => [s.qualified_name, s.kind, s.signature])).toEqual([
      ["Point", "class", "Point = Struct.new(:x, :y)"],
      ["Point.norm", "method", "def norm"],
      ["Admin", "class", "Admin = Class.new(User)"],
      ["Pair", "class", "Pair = Data.define(:left, :right)"],
      ["Mixin", "module", "Mixin = Module.new"],
      ["LIMIT", "const", "LIMIT = 10"],
      ["LONG", "const", "LONG"],
      ["A", "const", "A, B = 1, 2"],
      ["B", "const", "A, B = 1, 2"],
    ]);
    expect(result.find((s) => s.name === "Admin")!.bases).toEqual(["User"]);
  });

  it("records mixins as bases and `#` comments above a declaration as its doc", () => {
    const source = [
      "# Billing for accounts.",
      "# Second line.",
      "class Invoice < Document",
      "  include Payable",
      "  extend Finders",
      "  prepend Audited::Hooks",
      "",
      "  # Totals the lines. Rounds down.",
      "  def total; end",
      "end",
      "",
    ].join("\n");
    const [invoice, total] = extract(source).symbols;
    expect(invoice!.bases).toEqual(["Document", "Payable", "Finders", "Audited::Hooks"]);
    expect(invoice!.doc).toBe("Billing for accounts.");
    expect(total!.doc).toBe("Totals the lines.");
  });

  it("defines methods of blocks and nested defs on the class around them", () => {
    const source = ["class Widget", "  included do", "    def hook; end", "  end", "  def outer", "    def inner; end", "  end", "end", ""].join("\n");
    expect(symbols(source).map(([name]) => name)).toEqual(["Widget", "Widget.hook", "Widget.outer", "Widget.inner"]);
  });
});

describe("ruby calls", () => {
  it("tells local variables from method calls without parentheses", () => {
    const source = [
      "def run(input, *rest, key: default_key, &done)",
      "  count = 0",
      "  total ||= 0",
      "  items.each { |item, (a, b)| process item, count, a }",
      "  first, second = pair",
      "  [input, rest, key, done, total, first, second, helper]",
      "  undefined_later",
      "  undefined_later = 1",
      "end",
      "def other = count",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["run", "default_key", null, "call"],
      ["run", "each", "items", "call"],
      ["run", "items", null, "call"],
      ["run", "process", null, "call"],
      ["run", "pair", null, "call"],
      ["run", "helper", null, "call"],
      ["run", "undefined_later", null, "call"],
      // A method body sees no local of the file or another method.
      ["other", "count", null, "call"],
    ]);
  });

  it("reads a local's value on demand, a self-referring one too", () => {
    const source = ["def walk(node)", "  node = node.parent while node", "  head = Node.new", "  head = head.next", "  head.visit", "end", ""].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver_type ?? null])).toEqual([
      ["parent", null],
      ["Node", null],
      ["next", "Node"],
      ["visit", "Node#next()"],
    ]);
  });

  it("binds rescue variables, for loops, pattern variables and block locals", () => {
    const source = [
      "def m(list)",
      "  for x in list do x end",
      "  begin; rescue => error; error; end",
      "  case list",
      "  in [head, *tail] then head",
      "  in {name: String => name} then name",
      "  end",
      "  list.map { |v; scratch| scratch }",
      "  -> (q) { q }",
      "end",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([["m", "map", "list", "call"]]);
  });

  it("reads constructor calls as `new` of the class", () => {
    const source = [
      "class Store",
      "  def self.create = new(1)",
      "  def self.copy = self.new(2)",
      "  def dup = self.class.new",
      "end",
      "Store.new",
      "Shop::Cart.new(1)",
      "::Top.new",
      "",
    ].join("\n");
    expect(calls(source)).toEqual([
      ["Store.create", "Store", null, "new"],
      ["Store.copy", "Store", null, "new"],
      ["Store.dup", "new", "self.class", "call"],
      ["Store.dup", "class", "self", "call"],
      [null, "Store", null, "new"],
      [null, "Cart", "Shop", "new"],
      [null, "Top", null, "new"],
    ]);
  });

  it("calls the ancestors' method for `super`, with or without arguments", () => {
    const source = ["class A < B", "  def save(x)", "    super", "    super(x)", "    super()", "  end", "end", "def top = super", ""].join("\n");
    expect(calls(source)).toEqual([
      ["A.save", "save", "super", "call"],
      ["A.save", "save", "super", "call"],
      ["A.save", "save", "super", "call"],
    ]);
  });

  it("keeps declarations and requires out of call sites, and reports chains on the method's line", () => {
    const source = [
      "require 'set'",
      "class A",
      "  include Comparable",
      "  attr_reader :x",
      "  private",
      "  has_many :items",
      "  def m",
      "    include?(1)",
      "    private_helper",
      "    query",
      "      .where(a: 1)",
      "  end",
      "end",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.line])).toEqual([
      ["has_many", null, 6],
      ["include?", null, 8],
      ["private_helper", null, 9],
      ["query", null, 10],
      ["where", "query", 11],
    ]);
  });

  it("types receivers from constructors, instance variables, factories and constant paths", () => {
    const source = [
      "class Service",
      "  def initialize",
      "    @repo = Repo.new",
      "    @cache = Cache.build",
      "  end",
      "  def repo_reader = @reader ||= Reader.new",
      "  def run(arg)",
      "    svc = Service.create",
      "    local = Worker.new",
      "    local.perform",
      "    svc.go",
      "    @repo.save",
      "    repo_reader.read",
      "    arg.call",
      "    Billing::Invoice.total",
      "    self.class.create",
      "  end",
      "end",
      "",
    ].join("\n");
    const result = extract(source);
    const typed = result.calls.filter((c) => c.receiver !== null).map((c) => [c.callee, c.receiver_type ?? (c.local ? "<local>" : null)]);
    expect(typed).toEqual([
      ["build", "Cache"],
      ["create", "Service"],
      ["perform", "Worker"],
      ["go", "Service#create()"],
      ["save", "this#repo"],
      ["read", "this#repo_reader"],
      ["call", "<local>"],
      ["total", "Billing::Invoice"],
      ["create", "this"],
      ["class", null],
    ]);
    expect(result.member_types).toEqual([
      { owner: "", name: "<package>", type: "::" },
      { owner: "Service", name: "repo", type: "Repo" },
      { owner: "Service", name: "cache", type: "Cache#build()" },
      { owner: "Service", name: "repo_reader", type: "Reader" },
      { owner: "Service", name: "reader", type: "Reader" },
    ]);
  });
});

describe("ruby constant aliases and the root namespace", () => {
  it("reads `X = Other::Name` as an alias whose calls are the target's", () => {
    const source = [
      "Repo = Storage::UserRepository",
      "Store = Storage",
      "def run",
      "  Repo.new.save",
      "  Store.persist(1)",
      "  Store::Item.new",
      "end",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.symbols.slice(0, 2).map((s) => [s.name, s.kind, s.value_type])).toEqual([
      ["Repo", "alias", "Storage::UserRepository"],
      ["Store", "alias", "Storage"],
    ]);
    expect(result.calls.map((c) => [c.callee, c.receiver, c.kind, c.receiver_type])).toEqual([
      ["save", "Repo.new", "call", "Storage::UserRepository"],
      ["UserRepository", "Storage", "new", "Storage"],
      ["persist", "Store", "call", "Storage"],
      ["Item", "Storage", "new", "Storage"],
    ]);
  });

  it("records every file's package as the root namespace, so other files' constants are found by name", () => {
    expect(extract("x = 1\n").member_types).toEqual([{ owner: "", name: "<package>", type: "::" }]);
  });
});

describe("ruby imports", () => {
  it("reads require, require_relative, load and autoload, skipping computed paths", () => {
    const source = [
      "require 'json'",
      'require_relative "lib/store"',
      'load "tasks.rb"',
      'autoload :Parser, "app/parser"',
      "require File.expand_path('x', __dir__)",
      'require "#{dir}/y"',
      "",
    ].join("\n");
    expect(extract(source).imports).toEqual([
      { module: "json", names: [{ name: "*", alias: null }], line: 1, kind: "require" },
      { module: "lib/store", names: [{ name: "*", alias: null }], line: 2, kind: "require" },
      { module: "tasks.rb", names: [{ name: "*", alias: null }], line: 3, kind: "require" },
      { module: "app/parser", names: [{ name: "Parser", alias: null }], line: 4, kind: "require" },
    ]);
  });
});

describe("ruby complexity", () => {
  it("counts each decision once although keywords share their statement's node type", () => {
    const source = [
      "def m(a, b)",
      "  if a && b",
      "    1",
      "  elsif a or b",
      "    2",
      "  end",
      "  x = 1 if a",
      "  y = a ? 1 : 2",
      "  while a do b end",
      "  until b; end",
      "  case a",
      "  when 1 then 2",
      "  when 3 then 4",
      "  end",
      "  begin",
      "    risky",
      "  rescue ArgumentError",
      "    nil",
      "  end",
      "end",
      "",
    ].join("\n");
    // if, &&, elsif, or, if-modifier, ternary, while, until, 2 whens, rescue: 11 decisions.
    expect(extract(source).symbols[0]!.complexity).toEqual({ cyclomatic: 12, max_nesting: 1, lines: 20 });
  });

  it("nests blocks of control flow, not the keywords inside them", () => {
    const source = ["def m(a)", "  if a", "    while a", "      unless a", "        a", "      end", "    end", "  end", "end", ""].join("\n");
    expect(extract(source).symbols[0]!.complexity!.max_nesting).toBe(3);
  });
});

describe("ruby robustness", () => {
  it("recovers from syntax errors without throwing", () => {
    for (const source of ["class A\n  def m(\n", "def (\n", "end end end", "module\n", "x = \u0000\u0001\u0002 binary \uFFFD", "class << \n def x"]) {
      expect(() => extract(source)).not.toThrow();
    }
    expect(extract("class A\n  def m(\n").has_errors).toBe(true);
  });

  it("extracts a deeply nested and a long file", () => {
    const deep = `${"module M\n".repeat(300)}def x; end\n${"end\n".repeat(300)}`;
    expect(extract(deep).symbols).toHaveLength(301);
    const long = Array.from({ length: 2000 }, (_, i) => `def m${i}(a) = a.call(${i})`).join("\n");
    const result = extract(long);
    expect(result.symbols).toHaveLength(2000);
    expect(result.calls).toHaveLength(2000);
  });
});
