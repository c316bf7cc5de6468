import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";
import { cdPrefix, escapeRegex } from "../../test-command-text";

/** GoogleTest's test macros: `TEST(Suite, Name) { … }` reads as a function `TEST` whose signature names the test. */
const TEST_MACRO = /^(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\s*\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\)/u;

/**
 * C and C++ tests as CMake projects lay them out: files under `test/`, `tests/` or
 * `unittests/`, or named `*_test.c(c|pp)`, `*_unittest.cc`, `test_*.c`; GoogleTest cases
 * (`TEST(Suite, Name)`, listed as `Suite.Name`); run by `ctest` from the build directory
 * beside the nearest CMakeLists.txt, its `-R` regular expression selecting the cases (a
 * whole file: the tests named after it).
 */
export const C_TESTS: TestConventions = {
  files: ["(^|/)(tests?|unittests?)/[^/]*\\.(c|cc|cpp|cxx)$", "(_test|_tests|_unittest|Test|Tests)\\.(c|cc|cpp|cxx)$", "(^|/)test_[^/]*\\.(c|cc|cpp|cxx)$"],
  support: ["(^|/)(tests?|unittests?)/"],
  markers: ["^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\\s*\\("],
  runners: ["ctest"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
      const test = symbol.kind === "function" ? TEST_MACRO.exec(symbol.signature ?? "") : null;
      if (test) out.push({ name: `${test[1]}.${test[2]}`, path: [test[1]!, test[2]!], line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases, project }) => {
    const root = project.nearest(["CMakeLists.txt"]);
    const stem = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/u, "");
    const names = cases.length === 0 ? [stem] : cases.map((test) => escapeRegex(test.name));
    return { runner: "ctest", command: `${cdPrefix(root, shellArg)}ctest --test-dir build --output-on-failure -R ${shellArg(names.join("|"))}` };
  },
};
