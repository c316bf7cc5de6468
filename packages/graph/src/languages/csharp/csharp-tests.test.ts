import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import type { TestProject } from "../../language-hooks";
import { CSHARP_TESTS } from "./csharp-tests";

const project: TestProject = { nearest: () => ".", exists: () => false, readJson: () => null, cache: new Map() };
const matches = (patterns: readonly string[], path: string) => patterns.some((pattern) => new RegExp(pattern, "u").test(path));

describe("C# test conventions", () => {
  it("finds test files by name and by test project folder", () => {
    expect(matches(CSHARP_TESTS.files, "tests/Shop.Tests/OrderServiceTests.cs")).toBe(true);
    expect(matches(CSHARP_TESTS.files, "src/Shop.Tests/Helpers/Builder.cs")).toBe(true);
    expect(matches(CSHARP_TESTS.files, "src/Shop/OrderService.cs")).toBe(false);
  });

  it("lists the methods marked by xUnit, NUnit and MSTest attributes and spells dotnet test's filter", () => {
    const text = [
      "public class OrderServiceTests",
      "{",
      "    [Fact]",
      "    public void Creates() { }",
      "    [Theory, InlineData(1)]",
      "    public void Counts(int n) { }",
      "    [NUnit.Framework.Test]",
      "    public void Saves() { }",
      "    public void Helper() { }",
      "}",
    ].join("\n");
    const symbols = extractFile("csharp", text).symbols;
    const cases = CSHARP_TESTS.cases!({ path: "tests/OrderServiceTests.cs", text, symbols, parse: () => null });
    expect(cases.map((test) => [test.name, test.line])).toEqual([
      ["OrderServiceTests.Creates", 3],
      ["OrderServiceTests.Counts", 5],
      ["OrderServiceTests.Saves", 7],
    ]);
    expect(CSHARP_TESTS.command!({ path: "tests/OrderServiceTests.cs", text, cases: cases.slice(0, 2), project })).toEqual({
      runner: "dotnet test",
      command: "dotnet test --filter 'FullyQualifiedName~OrderServiceTests.Creates|FullyQualifiedName~OrderServiceTests.Counts'",
    });
    expect(CSHARP_TESTS.command!({ path: "tests/OrderServiceTests.cs", text, cases: [], project })?.command).toBe(
      "dotnet test --filter 'FullyQualifiedName~OrderServiceTests'",
    );
  });
});
