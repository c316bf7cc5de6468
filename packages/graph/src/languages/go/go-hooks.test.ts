import { describe, expect, it } from "vitest";
import type { TestProject } from "../../language-hooks";
import { GO_MODULES } from "./go-modules";
import { GO_TESTS } from "./go-tests";

const files = new Set([
  "go.mod",
  "main.go",
  "store/store.go",
  "store/cache.go",
  "store/store_test.go",
  "internal/store/store.go",
  "cmd/tool/main.go",
  "web/app.ts",
  "src/go/ast/ast.go",
]);
const resolve = (module: string) =>
  GO_MODULES.resolve({ fromFile: "cmd/tool/main.go", module, name: "*", files, packages: { empty: true, resolve: () => null } });

describe("go module system", () => {
  it("resolves an import path to the non-test files of the directory it ends with (the longest), the package's namesake first", () => {
    expect(resolve("example.com/app/store")).toEqual(["store/store.go", "store/cache.go"]);
    expect(resolve("example.com/app/internal/store")).toEqual(["internal/store/store.go"]);
    expect(resolve("go/ast")).toEqual(["src/go/ast/ast.go"]);
  });

  it("resolves nothing for packages outside the index, standard-library look-alikes, relative paths or the unnamed root", () => {
    expect(resolve("fmt")).toEqual([]);
    // A standard-library path never lands on a project directory sharing its last element.
    expect(resolve("text/store")).toEqual([]);
    expect(resolve("ast")).toEqual([]);
    expect(resolve("example.com/app/web")).toEqual([]);
    expect(resolve("./store")).toEqual([]);
    expect(resolve("example.com/app")).toEqual([]);
  });
});

describe("go test conventions", () => {
  const project = (markers: Record<string, string>): TestProject => ({
    nearest: (names) => Object.keys(markers).find((dir) => names.some((name) => markers[dir] === name)) ?? ".",
    exists: () => false,
    readJson: () => null,
    cache: new Map(),
  });
  const symbol = (name: string, line: number, kind = "function", qualified = name) => ({
    name,
    kind,
    qualified_name: qualified,
    signature: null,
    line,
    end_line: line + 2,
  });

  it("lists Test, Benchmark, Example and Fuzz functions, not helpers or methods", () => {
    const symbols = [
      symbol("TestGet", 10),
      symbol("Testify", 3),
      symbol("helper", 20),
      symbol("BenchmarkPut", 30),
      symbol("Example", 40),
      symbol("ExampleStore_Get", 50),
      symbol("FuzzParse", 60),
      symbol("TestMethod", 70, "method", "suite.TestMethod"),
    ];
    expect(GO_TESTS.cases!({ path: "store/store_test.go", text: "", symbols, parse: () => null }).map((test) => test.name)).toEqual([
      "TestGet",
      "BenchmarkPut",
      "Example",
      "ExampleStore_Get",
      "FuzzParse",
    ]);
  });

  it("runs a package's tests with go test from the go.mod directory", () => {
    const cases = [
      { name: "TestGet", path: ["TestGet"], line: 1, end_line: 2 },
      { name: "TestPut", path: ["TestPut"], line: 3, end_line: 4 },
    ];
    expect(GO_TESTS.command!({ path: "pkg/store/store_test.go", text: "", cases, project: project({ ".": "go.mod" }) })).toEqual({
      runner: "go",
      command: "go test ./pkg/store -run '^(TestGet|TestPut)$'",
    });
    expect(GO_TESTS.command!({ path: "svc/api/x_test.go", text: "", cases: [], project: project({ svc: "go.mod" }) })).toEqual({
      runner: "go",
      command: "cd svc && go test ./api",
    });
    expect(new RegExp(GO_TESTS.files[0]!).test("pkg/store/store_test.go")).toBe(true);
  });
});
