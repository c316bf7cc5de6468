import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { GIT_ENV, project, spawnBuilt, tsift, write } from "./index-helpers";

/** A real git repository holding `files` in one commit. */
function repo(files: Record<string, string>) {
  const root = project({ ".gitignore": ".tsift/\n", ...files });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: GIT_ENV, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(join(root, path), "utf8");
    if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
    writeFileSync(join(root, path), text.replace(from, to));
  };
  return { root, git, edit };
}

const TS = {
  "package.json": JSON.stringify({ name: "calc", type: "module", devDependencies: { vitest: "^4.0.0" } }),
  "src/math.ts":
    "export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function double(x: number): number {\n  return add(x, x);\n}\n\nexport function triple(x: number): number {\n  return double(x) + x;\n}\n",
  "src/units.ts": "export const UNIT = 'cm';\n\nexport function label(x: number): string {\n  return `${x} ${UNIT}`;\n}\n",
  "src/orphan.ts": "export function orphan(): number {\n  return 1;\n}\n",
  "test/math.test.ts":
    'import { describe, expect, it } from "vitest";\nimport { add, triple } from "../src/math";\n\ndescribe("math", () => {\n  it("triples", () => {\n    expect(triple(2)).toBe(6);\n  });\n\n  it("adds", () => {\n    expect(add(1, 2)).toBe(3);\n  });\n});\n',
  "test/units.test.ts":
    'import { expect, test } from "vitest";\nimport * as units from "../src/units";\n\ntest("has a unit", () => {\n  expect(units.UNIT.length).toBe(2);\n});\n',
};

const PY = {
  "pyproject.toml": "[tool.pytest.ini_options]\n",
  "shop/__init__.py": "",
  "shop/cart.py": "def price(item):\n    return item * 10\n\n\ndef total(items):\n    return sum(price(item) for item in items)\n",
  "tests/test_cart.py":
    "from shop.cart import price, total\n\n\ndef test_price():\n    assert price(1) == 10\n\n\ndef test_total():\n    assert total([1, 2]) == 30\n\n\ndef test_other():\n    assert True\n",
};

describe("tsift impact", () => {
  it("follows a TS change through two call hops to the vitest test that reaches it, in every output mode", async () => {
    const r = repo(TS);
    r.edit("src/math.ts", "return a + b;", "return b + a;");
    const json = (await tsift(r.root, ["impact", "--json"])).json();
    expect(json.target).toBe("worktree");
    expect(json.changed_symbols).toEqual([{ name: "add", kind: "function", file: "src/math.ts", line: 1, change: "changed" }]);
    expect(json.tests.map((test: { file: string; names: string[] }) => [test.file, test.names])).toEqual([
      ["test/math.test.ts", ["math > triples", "math > adds"]],
    ]);
    expect(json.tests[0].command).toBe("npx vitest run test/math.test.ts -t 'math triples|math adds'");
    // `adds` calls add directly; `triples` reaches it through triple → double → add.
    expect(json.tests[0].reasons[0].path).toEqual(["add (src/math.ts:1)", "test/math.test.ts:10"]);

    const text = await tsift(r.root, ["impact"]);
    expect(text.code).toBe(0);
    expect(text.out).toContain("affected tests (1 file):");
    expect(text.out).toContain("    test: math > triples");
    expect(text.out).toContain("    run: npx vitest run test/math.test.ts -t 'math triples|math adds'");
    expect(text.out).toContain("advisory:");

    const envelope = (await tsift(r.root, ["--envelope", "impact"])).json();
    expect(envelope.tool).toBe("impact");
    expect(envelope.follow_up).toContain("npx vitest run test/math.test.ts -t 'math triples|math adds'");
  });

  it("reaches a test through an import only, and a test reached at two hops with --depth and --imports", async () => {
    const r = repo(TS);
    r.edit("src/units.ts", "'cm'", "'mm'");
    const json = (await tsift(r.root, ["impact", "--json"])).json();
    expect(json.tests).toHaveLength(1);
    expect(json.tests[0]).toMatchObject({ file: "test/units.test.ts", via: "imports", names: [], command: "npx vitest run test/units.test.ts" });

    r.edit("src/units.ts", "'mm'", "'cm'");
    r.edit("src/math.ts", "return add(x, x);", "return add(x, x) + 0;");
    const deep = (await tsift(r.root, ["impact", "--json"])).json();
    expect(deep.tests[0]).toMatchObject({ file: "test/math.test.ts", via: "calls", hops: 2, names: ["math > triples"] });
    expect((await tsift(r.root, ["impact", "--json", "--depth", "1"])).json().tests).toEqual([]);
    const shallow = (await tsift(r.root, ["impact", "--json", "--depth", "1", "--imports", "always"])).json();
    expect(shallow.tests[0]).toMatchObject({ file: "test/math.test.ts", via: "imports", names: [] });
    expect((await tsift(r.root, ["impact", "--imports", "sometimes"])).code).toBe(2);
  });

  it("lists a changed test file by itself, staged, with --cached", async () => {
    const r = repo(TS);
    r.edit("test/math.test.ts", "expect(add(1, 2)).toBe(3);", "expect(add(2, 2)).toBe(4);");
    expect((await tsift(r.root, ["impact", "--cached", "--json"])).json().tests).toEqual([]);
    r.git("add", "test/math.test.ts");
    const json = (await tsift(r.root, ["impact", "--cached", "--json"])).json();
    expect(json.target).toBe("--cached");
    expect(json.tests.map((test: { file: string; via: string; names: string[] }) => [test.file, test.via, test.names])).toEqual([
      ["test/math.test.ts", "changed", ["math > adds"]],
    ]);
  });

  it("names pytest node ids for a Python revision", async () => {
    const r = repo(PY);
    r.edit("shop/cart.py", "return item * 10", "return item * 11");
    r.git("commit", "-q", "-am", "price");
    const json = (await tsift(r.root, ["impact", "--revision", "HEAD", "--json"])).json();
    expect(json.target).toBe("--revision HEAD");
    expect(json.tests).toHaveLength(1);
    expect(json.tests[0]).toMatchObject({ file: "tests/test_cart.py", runner: "pytest", via: "calls", names: ["test_price", "test_total"] });
    expect(json.tests[0].command).toBe("pytest tests/test_cart.py::test_price tests/test_cart.py::test_total");
  });

  it("says nothing is affected, and maps bad input to exit codes", async () => {
    const r = repo(TS);
    const clean = await tsift(r.root, ["impact"]);
    expect(clean.code).toBe(0);
    expect(clean.out).toContain("no changes");
    r.edit("src/orphan.ts", "return 1;", "return 2;");
    const none = await tsift(r.root, ["impact"]);
    expect(none.out).toContain("changed function orphan  src/orphan.ts:1");
    expect(none.out).toContain("no affected tests found");
    expect((await tsift(r.root, ["impact", "--cached", "--revision", "HEAD"])).code).toBe(2);
    expect((await tsift(r.root, ["impact", "--revision", "nope"])).code).not.toBe(0);
    expect((await tsift(r.root, ["impact", "--depth", "0"])).code).toBe(2);
  });

  it.runIf(existsSync(builtBin))("runs through the built binary with a budget", () => {
    const r = repo(TS);
    r.edit("src/math.ts", "return a + b;", "return b + a;");
    write(r.root, { "test/units.test.ts": TS["test/units.test.ts"].replace("toBe(2)", "toBe(2) ") });
    const result = spawnBuilt(r.root, ["impact", "--budget", "small", "--json"]);
    expect(result.code, result.err).toBe(0);
    const json = JSON.parse(result.out);
    expect(json.tests.map((test: { file: string }) => test.file)).toEqual(["test/units.test.ts", "test/math.test.ts"]);
  });
});
