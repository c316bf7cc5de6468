import { posix } from "node:path";
import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";
import { cdPrefix, escapeRegex, relativeTo } from "../../test-command-text";

/** PHPUnit's `#[Test]` attribute (PHPUnit 10+), as written in a method's signature. */
const TEST_ATTRIBUTE = "#\\[\\s*\\\\?(?:PHPUnit\\\\Framework\\\\Attributes\\\\)?Test\\b";
const TEST_ATTRIBUTE_PATTERN = new RegExp(TEST_ATTRIBUTE, "u");

/**
 * PHPUnit's conventions: test classes live in `*Test.php` files (under `tests/` by custom);
 * their tests are the methods named `test…` or marked `#[Test]`. `phpunit --filter` runs
 * some of them by `Class::method`, from the directory holding phpunit.xml (or composer.json),
 * with the project's own `vendor/bin/phpunit` when it has one.
 */
export const PHP_TESTS: TestConventions = {
  files: ["(^|/)[^/]*Test\\.php$"],
  support: ["(^|/)tests?/"],
  markers: [TEST_ATTRIBUTE],
  runners: ["phpunit"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
      if (symbol.kind !== "method") continue;
      const owner = symbol.qualified_name.slice(0, symbol.qualified_name.length - symbol.name.length - 1);
      if (owner === "" || owner.includes(".")) continue;
      if (!symbol.name.startsWith("test") && !TEST_ATTRIBUTE_PATTERN.test(symbol.signature ?? "")) continue;
      out.push({ name: `${owner}::${symbol.name}`, path: [owner, symbol.name], line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases, project }) => {
    const dir = project.nearest(["phpunit.xml", "phpunit.xml.dist", "composer.json"]);
    const local = posix.join(dir, "vendor/bin/phpunit");
    const runner = project.exists(local) ? "vendor/bin/phpunit" : "phpunit";
    // PHPUnit matches the filter against `Namespace\Class::method` (and ` with data set …`).
    const filter = cases.length === 0 ? "" : ` --filter ${shellArg(`/(${cases.map((test) => escapeRegex(test.name)).join("|")})(\\s|$)/`)}`;
    return { runner: "phpunit", command: `${cdPrefix(dir, shellArg)}${runner}${filter} ${shellArg(relativeTo(dir, path))}` };
  },
};
