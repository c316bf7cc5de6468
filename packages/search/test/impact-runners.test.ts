import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ImpactSymbol } from "@tsift/index/graph-read";
import { testCasesOf } from "../src/impact/test-cases";
import { hasInlineTests, isInlineTestSymbol, isTestPath } from "../src/impact/test-files";
import { runnerCommand } from "../src/impact/test-runner";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-impact-runner-")));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const symbol = (qualified_name: string, line: number, end_line: number, extra: Partial<ImpactSymbol> = {}): ImpactSymbol => ({
  id: line,
  file: "x",
  name: qualified_name.split(".").pop()!,
  qualified_name,
  kind: "function",
  language: "python",
  line,
  end_line,
  signature: null,
  ...extra,
});

describe("test files by convention", () => {
  it("recognises each ecosystem's test paths and nothing else", () => {
    const tests = ["src/a.test.ts", "src/a.spec.tsx", "lib/__tests__/a.js", "tests/test_api.py", "pkg/api_test.py", "tests/cli.rs", "a.test.mjs"];
    const sources = [
      "src/a.ts",
      "tests/helpers.py",
      "tests/conftest.py",
      "tests/common/mod.rs",
      "src/lib.rs",
      "test/fixture.ts",
      "contest.py",
      "src/a.test.md",
    ];
    expect(tests.filter(isTestPath)).toEqual(tests);
    expect(sources.filter(isTestPath)).toEqual([]);
    expect(hasInlineTests("src/lib.rs", "fn a() {}\n#[cfg(test)]\nmod tests {}\n")).toBe(true);
    expect(hasInlineTests("src/lib.rs", "fn a() {}\n")).toBe(false);
    // Rust's conventions, read from its definition: marked tests and its test module are test code.
    expect(isInlineTestSymbol("src/lib.rs", { signature: "#[tokio::test] async fn io()", qualified_name: "io" })).toBe(true);
    expect(isInlineTestSymbol("src/lib.rs", { signature: "fn helper()", qualified_name: "tests.helper" })).toBe(true);
    expect(isInlineTestSymbol("src/lib.rs", { signature: "fn add()", qualified_name: "add" })).toBe(false);
    expect(isInlineTestSymbol("src/a.ts", { signature: "#[test] fn x()", qualified_name: "tests.x" })).toBe(false);
  });
});

describe("test names", () => {
  it("reads nested describe/it titles, .each and .only with tree-sitter", () => {
    const text = [
      'import { describe, it, test } from "vitest";',
      'describe("outer", () => {',
      '  describe.skip("inner", () => {',
      '    it("works", () => {});',
      "  });",
      '  it.each([1, 2])("case %s", (n) => {});',
      "});",
      "test.only(`top level`, () => {});",
      'helper("not a test", () => {});',
    ].join("\n");
    expect(testCasesOf("a.test.ts", text, []).map((test) => [test.name, test.line, test.end_line])).toEqual([
      ["outer > inner > works", 4, 4],
      ["outer > case %s", 6, 6],
      ["top level", 8, 8],
    ]);
  });

  it("takes pytest's functions and Test* classes, Rust's #[test] functions, and Go's TestX functions", () => {
    const python = [
      symbol("test_a", 1, 2),
      symbol("helper", 3, 4),
      symbol("TestX.test_b", 6, 7, { kind: "method" }),
      symbol("Other.test_c", 9, 10, { kind: "method" }),
    ];
    expect(testCasesOf("tests/test_a.py", "", python).map((test) => test.name)).toEqual(["test_a", "TestX::test_b"]);
    const rust = [
      symbol("add", 1, 1, { signature: "pub fn add()" }),
      symbol("tests.adds", 5, 6, { signature: "#[test] fn adds()" }),
      symbol("tests.io", 7, 9, { signature: "#[tokio::test] async fn io()" }),
    ];
    expect(testCasesOf("src/lib.rs", "", rust).map((test) => test.name)).toEqual(["tests::adds", "tests::io"]);
    // A language whose definition has no test-case reader lists none.
    expect(testCasesOf("src/a.zig", 'test "adds" {}\n', [])).toEqual([]);
  });
});

describe("runner commands", () => {
  const one = (name: string, path = [name]) => [{ name, path, line: 1, end_line: 1 }];

  it("detects jest, node:test and an unknown JS runner from imports, package.json and config files, from the package directory", () => {
    const root = tree({
      "packages/a/package.json": JSON.stringify({ devDependencies: { jest: "^29.0.0" } }),
      "packages/b/package.json": JSON.stringify({ scripts: { test: "node --test" } }),
      "packages/c/package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      "packages/d/package.json": "{}",
      "packages/d/vitest.config.ts": "export default {};",
    });
    expect(runnerCommand(root, "packages/a/x.test.js", "", one("adds (x)", ["math", "adds (x)"]))).toEqual({
      runner: "jest",
      command: "cd packages/a && npx jest x.test.js -t 'math adds \\(x\\)'",
    });
    expect(runnerCommand(root, "packages/b/test/x.test.js", "", one("adds"))).toEqual({
      runner: "node",
      command: "cd packages/b && node --test --test-name-pattern=adds test/x.test.js",
    });
    expect(runnerCommand(root, "packages/c/x.test.js", "", [])).toEqual({ runner: "npm", command: "cd packages/c && npm test -- x.test.js" });
    expect(runnerCommand(root, "packages/d/x.test.ts", "", [])).toEqual({ runner: "vitest", command: "cd packages/d && npx vitest run x.test.ts" });
    expect(runnerCommand(root, "packages/c/y.test.mjs", 'import test from "node:test";', [])!.runner).toBe("node");
  });

  it("spells cargo integration and unit tests from their manifests", () => {
    const root = tree({ "crates/core/Cargo.toml": "[package]\n" });
    expect(runnerCommand(root, "crates/core/tests/api.rs", "", one("round_trip"))!.command).toBe("cd crates/core && cargo test --test api round_trip");
    expect(runnerCommand(root, "crates/core/src/lib.rs", "", [...one("tests::a", ["tests", "a"]), ...one("tests::b", ["tests", "b"])])!.command).toBe(
      "cd crates/core && cargo test -- tests::a tests::b",
    );
    // A language whose definition spells no run command (Zig today) gets none.
    expect(runnerCommand(root, "src/a.zig", "", [])).toBeNull();
    expect(runnerCommand(root, "tests/test_api.py", "", [])).toEqual({ runner: "pytest", command: "pytest tests/test_api.py" });
  });
});
