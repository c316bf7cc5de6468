import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";

/** xUnit's `[Fact]`/`[Theory]`, NUnit's `[Test]`/`[TestCase(…)]`, MSTest's `[TestMethod]`, as written in a method's signature. */
const TEST_ATTRIBUTE = "\\[\\s*(?:[\\w.]+\\.)?(?:Fact|Theory|Test|TestCase|TestCaseSource|TestMethod|DataTestMethod)(?:Attribute)?\\b";
const TEST_ATTRIBUTE_PATTERN = new RegExp(TEST_ATTRIBUTE, "u");

/**
 * .NET test conventions: test classes live in `*Test.cs`/`*Tests.cs` files or in a test
 * project's folder (`Shop.Tests/`); their tests are the methods marked with an xUnit,
 * NUnit or MSTest attribute, listed as `Class.Method`. `dotnet test --filter` runs some of
 * them by the `FullyQualifiedName` they end in (a whole file: the class named like it),
 * from the project root.
 */
export const CSHARP_TESTS: TestConventions = {
  files: ["(^|/)[^/]*Tests?\\.cs$", "(^|/)[^/]*\\.Tests?/.*\\.cs$"],
  support: ["(^|/)(tests?|Tests?)/"],
  markers: [TEST_ATTRIBUTE],
  runners: ["dotnet test"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
      if (symbol.kind !== "method" || !TEST_ATTRIBUTE_PATTERN.test(symbol.signature ?? "")) continue;
      const owner = symbol.qualified_name.slice(0, symbol.qualified_name.length - symbol.name.length - 1);
      if (owner === "") continue;
      out.push({ name: symbol.qualified_name, path: [...owner.split("."), symbol.name], line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases }) => {
    const stem = path.slice(path.lastIndexOf("/") + 1).replace(/\.cs$/u, "");
    const names = cases.length === 0 ? [stem] : cases.map((test) => test.name);
    // `~` is "contains": the namespace in front of the class is not in tsift's qualified names.
    const filter = names.map((name) => `FullyQualifiedName~${name}`).join("|");
    return { runner: "dotnet test", command: `dotnet test --filter ${shellArg(filter)}` };
  },
};
