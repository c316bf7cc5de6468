import { posix } from "node:path";
import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";
import { cdPrefix, relativeTo } from "../../test-command-text";

/** `TestX`, `BenchmarkX`, `ExampleX`, `FuzzX` (or the bare prefix): what `go test` runs. */
const TEST_FUNCTION = /^(?:Test|Benchmark|Example|Fuzz)(?:$|[^\p{Ll}])/u;

/**
 * `go test`'s conventions: a package's `*_test.go` files hold its tests, which are top-level
 * functions named `Test…`, `Benchmark…`, `Example…` or `Fuzz…` (the next character not a
 * lower-case letter); `go test ./dir -run '^(TestA|TestB)$'` runs some of them, from the
 * directory holding go.mod.
 */
export const GO_TESTS: TestConventions = {
  files: ["_test\\.go$"],
  support: ["(^|/)testdata/"],
  runners: ["go"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
      if (symbol.kind !== "function" || symbol.qualified_name !== symbol.name || !TEST_FUNCTION.test(symbol.name)) continue;
      out.push({ name: symbol.name, path: [symbol.name], line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases, project }) => {
    const module = project.nearest(["go.mod"]);
    const dir = posix.dirname(relativeTo(module, path));
    const run = cases.length === 0 ? "" : ` -run ${shellArg(`^(${cases.map((test) => test.name).join("|")})$`)}`;
    return { runner: "go", command: `${cdPrefix(module, shellArg)}go test ./${dir === "." ? "" : dir}${run}` };
  },
};
