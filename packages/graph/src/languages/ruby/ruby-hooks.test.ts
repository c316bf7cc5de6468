import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { parseSource } from "../../parser-registry";
import { RUBY_MODULES } from "./ruby-modules";
import { RUBY_TESTS } from "./ruby-tests";

const files = new Set(["app/main.rb", "app/helpers.rb", "lib/shop.rb", "lib/shop/cart.rb", "gems/pay/lib/pay/card.rb", "gems/pay/lib/pay.rb", "data.rb"]);
const resolve = (fromFile: string, module: string) =>
  RUBY_MODULES.resolve({ fromFile, module, name: "*", files, packages: { empty: true, resolve: () => null } });

describe("ruby requires", () => {
  it("finds require_relative paths beside the file, `.rb` implied", () => {
    expect(resolve("app/main.rb", "helpers")).toEqual(["app/helpers.rb"]);
    expect(resolve("app/main.rb", "../lib/shop")).toEqual(["lib/shop.rb"]);
    expect(resolve("app/main.rb", "../data.rb")).toEqual(["data.rb"]);
  });

  it("finds load-path requires under the lib/ directories above the file", () => {
    expect(resolve("app/main.rb", "shop/cart")).toEqual(["lib/shop/cart.rb"]);
    expect(resolve("lib/shop.rb", "shop/cart")).toEqual(["lib/shop/cart.rb"]);
    expect(resolve("gems/pay/lib/pay.rb", "pay/card")).toEqual(["gems/pay/lib/pay/card.rb"]);
  });

  it("names no file for the standard library, gems or paths above the root", () => {
    expect(resolve("app/main.rb", "json")).toEqual([]);
    expect(resolve("app/main.rb", "../../outside")).toEqual([]);
    expect(resolve("app/main.rb", "/abs/path")).toEqual([]);
  });
});

const project = (present: string[], root = ".") => ({
  nearest: () => root,
  exists: (path: string) => present.includes(path),
  readJson: () => null,
  cache: new Map<string, unknown>(),
});

describe("ruby tests", () => {
  it("lists RSpec examples with their groups and runs them by line", () => {
    const source = [
      'require "spec_helper"',
      "RSpec.describe Cart do",
      '  context "when empty" do',
      '    it "totals zero" do',
      "      expect(Cart.new.total).to eq(0)",
      "    end",
      "  end",
      '  it "adds items" do',
      "  end",
      "end",
      "",
    ].join("\n");
    const input = { path: "spec/cart_spec.rb", text: source, symbols: extractFile("ruby", source).symbols, parse: () => parseSource("ruby", source).rootNode };
    const cases = RUBY_TESTS.cases!(input);
    expect(cases.map((test) => [test.name, test.line])).toEqual([
      ["Cart when empty totals zero", 4],
      ["Cart adds items", 8],
    ]);
    expect(RUBY_TESTS.command!({ path: "spec/cart_spec.rb", text: source, cases, project: project(["Gemfile"]) })).toEqual({
      runner: "rspec",
      command: "bundle exec rspec spec/cart_spec.rb:4:8",
    });
  });

  it("lists Minitest test methods and runs them by name", () => {
    const source = ["class CartTest < Minitest::Test", "  def test_total; end", "  def helper; end", "  def test_add; end", "end", ""].join("\n");
    const input = { path: "shop/test/cart_test.rb", text: source, symbols: extractFile("ruby", source).symbols, parse: () => null };
    const cases = RUBY_TESTS.cases!(input);
    expect(cases.map((test) => test.name)).toEqual(["CartTest#test_total", "CartTest#test_add"]);
    expect(RUBY_TESTS.command!({ path: "shop/test/cart_test.rb", text: source, cases, project: project([], "shop") })).toEqual({
      runner: "minitest",
      command: "cd shop && ruby -Itest test/cart_test.rb -n '/^(test_total|test_add)$/'",
    });
  });

  it("recognizes spec, test and support files by path", () => {
    const matches = (patterns: readonly string[], path: string) => patterns.some((pattern) => new RegExp(pattern, "u").test(path));
    expect(["spec/a_spec.rb", "test/a_test.rb", "test/test_a.rb", "lib/a.rb"].map((path) => matches(RUBY_TESTS.files, path))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(["spec/support/db.rb", "spec/spec_helper.rb", "test/test_helper.rb", "lib/support.rb"].map((path) => matches(RUBY_TESTS.support!, path))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
