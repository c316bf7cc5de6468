import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A real git repository in a temp dir, holding `files` in one commit. */
export function gitRepo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-impact-")));
  made.push(root);
  write(root, { ".gitignore": ".tsift/\n", ...files });
  git(root, "init", "-q", "-b", "main");
  commitAll(root, "initial");
  return root;
}

export function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export function git(root: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args], { cwd: root, encoding: "utf8" });
}

export function commitAll(root: string, message: string): void {
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
}

/** A TypeScript project whose vitest tests reach `add` directly, through one hop and through two. */
export const TS_PROJECT: Record<string, string> = {
  "package.json": JSON.stringify({ name: "calc", type: "module", scripts: { test: "vitest run" }, devDependencies: { vitest: "^4.0.0" } }, null, 2),
  "src/math.ts": [
    "export function add(a: number, b: number): number {",
    "  return a + b;",
    "}",
    "",
    "export function double(x: number): number {",
    "  return add(x, x);",
    "}",
    "",
    "export function quadruple(x: number): number {",
    "  return double(double(x));",
    "}",
    "",
    "export function negate(x: number): number {",
    "  return -x;",
    "}",
    "",
  ].join("\n"),
  "src/format.ts": ["export const UNIT = 'cm';", "", "export function label(x: number): string {", "  return `${x} ${UNIT}`;", "}", ""].join("\n"),
  "src/report.ts": ["import { label } from './format';", "", "export function report(x: number): string {", "  return label(x);", "}", ""].join("\n"),
  "test/math.test.ts": [
    'import { describe, expect, it } from "vitest";',
    'import { negate, quadruple } from "../src/math";',
    "",
    'describe("math", () => {',
    '  it("quadruples", () => {',
    "    expect(quadruple(2)).toBe(8);",
    "  });",
    "",
    '  it("negates", () => {',
    "    expect(negate(2)).toBe(-2);",
    "  });",
    "});",
    "",
  ].join("\n"),
  "test/report.test.ts": [
    'import { expect, test } from "vitest";',
    'import { report } from "../src/report";',
    "",
    'test("reports", () => {',
    '  expect(report(1)).toBe("1 cm");',
    "});",
    "",
  ].join("\n"),
  "test/unrelated.test.ts": ['import { expect, test } from "vitest";', "", 'test("stands alone", () => {', "  expect(1).toBe(1);", "});", ""].join("\n"),
};

/** A Python project with pytest tests: a module function and a test class. */
export const PY_PROJECT: Record<string, string> = {
  "pytest.ini": "[pytest]\n",
  "app/__init__.py": "",
  "app/pricing.py": [
    "def base_price(item):",
    "    return item * 10",
    "",
    "",
    "def total(items):",
    "    return sum(base_price(item) for item in items)",
    "",
  ].join("\n"),
  "tests/test_pricing.py": [
    "from app.pricing import base_price, total",
    "",
    "",
    "def test_base_price():",
    "    assert base_price(1) == 10",
    "",
    "",
    "class TestTotal:",
    "    def test_total(self):",
    "        assert total([1, 2]) == 30",
    "",
    "",
    "def test_nothing():",
    "    assert True",
    "",
  ].join("\n"),
};
