import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { impact } from "../src/index";
import { commitAll, git, gitRepo, PY_PROJECT, TS_PROJECT, write } from "./impact-repo";

function edit(root: string, path: string, from: string, to: string): void {
  const file = join(root, path);
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
  writeFileSync(file, text.replace(from, to));
}

describe("impact", () => {
  it("follows a change through two call hops to the one vitest test that reaches it", async () => {
    const root = gitRepo(TS_PROJECT);
    edit(root, "src/math.ts", "return a + b;", "return b + a;");
    const { data, notes } = await impact({ cwd: root });
    expect(notes.join("\n")).toMatch(/indexed \d+ files/);
    expect(data.target).toBe("worktree");
    expect(data.changed_files).toEqual([{ path: "src/math.ts", old_path: null, status: "modified", test: false }]);
    expect(data.changed_symbols).toEqual([{ name: "add", kind: "function", file: "src/math.ts", line: 1, change: "changed" }]);
    expect(data.tests.map((test) => test.file)).toEqual(["test/math.test.ts"]);
    const [test] = data.tests;
    expect(test!.runner).toBe("vitest");
    expect(test!.via).toBe("calls");
    expect(test!.hops).toBe(3);
    expect(test!.names).toEqual(["math > quadruples"]);
    expect(test!.command).toBe("npx vitest run test/math.test.ts -t 'math quadruples'");
    expect(test!.reasons[0]).toEqual({
      via: "calls",
      changed: "add",
      path: ["add (src/math.ts:1)", "double (src/math.ts:6)", "quadruple (src/math.ts:10)", "test/math.test.ts:6"],
    });
    expect(data.commands).toEqual([test!.command]);
  });

  it("bounds the walk by depth, and walks importers of a changed function only when asked", async () => {
    const root = gitRepo(TS_PROJECT);
    edit(root, "src/math.ts", "return a + b;", "return b + a;");
    // add's callers are double (1 hop); the test calls quadruple, 3 hops away.
    expect((await impact({ cwd: root, depth: 1 })).data.tests).toEqual([]);
    // The call graph follows a function's change, so its file's importers count only with imports: "always".
    const { data } = await impact({ cwd: root, depth: 1, imports: "always" });
    expect(data.tests.map((test) => [test.file, test.via, test.names])).toEqual([["test/math.test.ts", "imports", []]]);
    expect(data.tests[0]!.command).toBe("npx vitest run test/math.test.ts");
    expect((await impact({ cwd: root, imports: "always" })).data.tests[0]!.reasons.map((reason) => reason.via)).toEqual(["calls", "imports"]);
    expect((await impact({ cwd: root })).data.tests[0]!.reasons.map((reason) => reason.via)).toEqual(["calls"]);
  });

  it("walks importers only where the call graph cannot follow the change", async () => {
    const root = gitRepo(TS_PROJECT);
    // A comment touches no symbol: nothing to follow, so no test; every importer with imports: "always".
    edit(root, "src/math.ts", "export function negate", "// negation\nexport function negate");
    expect((await impact({ cwd: root })).data.tests).toEqual([]);
    expect((await impact({ cwd: root, imports: "always" })).data.tests.map((test) => [test.file, test.via])).toEqual([["test/math.test.ts", "imports"]]);
    // A constant is read, not called: its importers stand in, unless imports: "never".
    edit(root, "src/format.ts", "'cm'", "'mm'");
    expect((await impact({ cwd: root })).data.tests.map((test) => [test.file, test.via])).toEqual([["test/report.test.ts", "imports"]]);
    expect((await impact({ cwd: root, imports: "never" })).data.tests).toEqual([]);
    await expect(impact({ cwd: root, imports: "some" as "always" })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
  });

  it("reaches a test through imports only when the change is no call (a constant two imports away)", async () => {
    const root = gitRepo(TS_PROJECT);
    edit(root, "src/format.ts", "'cm'", "'mm'");
    const { data } = await impact({ cwd: root });
    expect(data.changed_symbols.map((symbol) => symbol.name)).toEqual(["UNIT"]);
    expect(data.tests).toHaveLength(1);
    expect(data.tests[0]).toMatchObject({ file: "test/report.test.ts", via: "imports", hops: 2, names: [] });
    expect(data.tests[0]!.reasons[0]!.path).toEqual(["src/format.ts", "src/report.ts:1", "test/report.test.ts:2"]);
  });

  it("lists a changed test file with the tests whose lines changed", async () => {
    const root = gitRepo(TS_PROJECT);
    edit(root, "test/math.test.ts", "expect(negate(2)).toBe(-2);", "expect(negate(3)).toBe(-3);");
    const { data } = await impact({ cwd: root });
    expect(data.changed_files[0]).toMatchObject({ path: "test/math.test.ts", test: true });
    expect(data.tests.map((test) => [test.file, test.via, test.hops, test.names])).toEqual([["test/math.test.ts", "changed", 0, ["math > negates"]]]);
    expect(data.tests[0]!.command).toBe("npx vitest run test/math.test.ts -t 'math negates'");
  });

  it("finds nothing affected by a change no test reaches, and nothing at all without changes", async () => {
    const root = gitRepo({ ...TS_PROJECT, "src/orphan.ts": "export function orphan(): number {\n  return 1;\n}\n" });
    expect((await impact({ cwd: root })).data).toMatchObject({ changed_files_total: 0, tests_total: 0, tests: [] });
    edit(root, "src/orphan.ts", "return 1;", "return 2;");
    const { data } = await impact({ cwd: root });
    expect(data.changed_symbols.map((symbol) => symbol.name)).toEqual(["orphan"]);
    expect(data.tests_total).toBe(0);
  });

  it("names pytest node ids, test classes included, for a Python change", async () => {
    const root = gitRepo(PY_PROJECT);
    edit(root, "app/pricing.py", "item * 10", "item * 11");
    const { data } = await impact({ cwd: root });
    expect(data.tests).toHaveLength(1);
    expect(data.tests[0]).toMatchObject({ file: "tests/test_pricing.py", runner: "pytest", via: "calls", hops: 1 });
    expect(data.tests[0]!.names).toEqual(["test_base_price", "TestTotal::test_total"]);
    expect(data.tests[0]!.command).toBe("pytest tests/test_pricing.py::test_base_price tests/test_pricing.py::TestTotal::test_total");
  });

  it("reads --cached and --revision diffs, and names the callers of a removed function", async () => {
    const root = gitRepo(PY_PROJECT);
    edit(root, "app/pricing.py", "item * 10", "item * 12");
    git(root, "add", "app/pricing.py");
    const cached = await impact({ cwd: root, target: { kind: "cached" } });
    expect(cached.data.target).toBe("--cached");
    expect(cached.data.tests[0]!.names).toEqual(["test_base_price", "TestTotal::test_total"]);
    commitAll(root, "price");
    const revision = await impact({ cwd: root, target: { kind: "revision", rev: "HEAD" } });
    expect(revision.data.target).toBe("--revision HEAD");
    expect(revision.data.changed_symbols.map((symbol) => symbol.name)).toEqual(["base_price"]);
    expect((await impact({ cwd: root })).data.changed_files_total).toBe(0);

    // total() loses its definition: the index no longer has it, its callers still write its name.
    write(root, { "app/pricing.py": "def base_price(item):\n    return item * 12\n" });
    const removed = await impact({ cwd: root });
    expect(removed.data.changed_symbols).toContainEqual({ name: "total", kind: "function", file: "app/pricing.py", line: 5, change: "removed" });
    expect(removed.data.tests[0]!.names).toEqual(["TestTotal::test_total"]);
  });

  it("caps the list with a budget and keeps the order deterministic", async () => {
    const root = gitRepo(TS_PROJECT);
    edit(root, "src/math.ts", "return a + b;", "return b + a;");
    edit(root, "src/format.ts", "'cm'", "'mm'");
    edit(root, "test/report.test.ts", '"1 cm"', '"1 mm"');
    const full = await impact({ cwd: root });
    expect(full.data.tests.map((test) => [test.file, test.via])).toEqual([
      ["test/report.test.ts", "changed"],
      ["test/math.test.ts", "calls"],
    ]);
    const capped = await impact({ cwd: root, budget: { maxItems: 1, maxBytes: null } });
    expect(capped.data.tests.map((test) => test.file)).toEqual(["test/report.test.ts"]);
    expect(capped.data).toMatchObject({ tests_total: 2, truncated: true, changed_files_total: 3 });
    expect(capped.data.changed_files).toHaveLength(1);
    expect((await impact({ cwd: root, limit: 1 })).data.tests.map((test) => test.file)).toEqual(["test/report.test.ts"]);
    expect((await impact({ cwd: root, paths: ["src/format.ts"] })).data.changed_files.map((file) => file.path)).toEqual(["src/format.ts"]);
  });

  it("fails with the diff's error outside a git repository, before indexing", async () => {
    const root = gitRepo(TS_PROJECT);
    rmSync(join(root, ".git"), { recursive: true, force: true });
    await expect(impact({ cwd: root })).rejects.toSatisfy((error) => isTsiftError(error));
    await expect(impact({ cwd: root, depth: 0 })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
  });
});
