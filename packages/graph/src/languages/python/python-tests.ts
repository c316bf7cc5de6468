import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";

/**
 * pytest's conventions: it collects `test_*.py` and `*_test.py` by name only (helpers and
 * `conftest.py` under tests/ are test code, not test files), `test*` functions at module
 * level and in `Test*` classes, and runs them by node id.
 */
export const PYTHON_TESTS: TestConventions = {
  files: ["(^|/)test_[^/]*\\.py$", "_test\\.py$"],
  support: ["(^|/)(tests?|testing)/", "(^|/)conftest\\.py$"],
  markers: ["@pytest\\b"],
  runners: ["pytest"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of symbols) {
      if (!/^test/.test(symbol.name) || (symbol.kind !== "function" && symbol.kind !== "method")) continue;
      const parts = symbol.qualified_name.split(".");
      if (parts.length > 1 && !/^Test/.test(parts[parts.length - 2]!)) continue;
      out.push({ name: parts.join("::"), path: parts, line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases }) => {
    const ids = cases.length > 0 ? cases.map((test) => `${path}::${test.path.join("::")}`) : [path];
    return { runner: "pytest", command: `pytest ${ids.map(shellArg).join(" ")}` };
  },
};
