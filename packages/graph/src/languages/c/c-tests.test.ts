import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { C_TESTS } from "./c-tests";

const project = (markers: Record<string, string>) => ({
  nearest: (names: readonly string[]) => Object.keys(markers).find((dir) => names.includes(markers[dir]!)) ?? ".",
  exists: () => false,
  readJson: () => null,
  cache: new Map<string, unknown>(),
});

describe("C and C++ test conventions", () => {
  it("lists GoogleTest cases as Suite.Name", () => {
    const text = [
      "#include <gtest/gtest.h>",
      "TEST(StoreTest, Opens) {",
      "  EXPECT_TRUE(open());",
      "}",
      "TEST_F(StoreFixture, Closes) {}",
      "static void helper() {}",
      "",
    ].join("\n");
    const symbols = extractFile("cpp", text).symbols.map((s) => ({ ...s, signature: s.signature }));
    const cases = C_TESTS.cases!({ path: "tests/store_test.cc", text, symbols, parse: () => null });
    expect(cases).toEqual([
      { name: "StoreTest.Opens", path: ["StoreTest", "Opens"], line: 2, end_line: 4 },
      { name: "StoreFixture.Closes", path: ["StoreFixture", "Closes"], line: 5, end_line: 5 },
    ]);
    const command = C_TESTS.command!({ path: "lib/tests/store_test.cc", text, cases, project: project({ lib: "CMakeLists.txt" }) });
    expect(command).toEqual({ runner: "ctest", command: "cd lib && ctest --test-dir build --output-on-failure -R 'StoreTest\\.Opens|StoreFixture\\.Closes'" });
  });

  it("runs the tests named after a file when no case is selected, and knows test files by path", () => {
    expect(C_TESTS.command!({ path: "test/test_parser.c", text: "", cases: [], project: project({}) })?.command).toBe(
      "ctest --test-dir build --output-on-failure -R test_parser",
    );
    const isTest = (path: string) => C_TESTS.files.some((pattern) => new RegExp(pattern, "u").test(path));
    expect(["tests/store.c", "src/store_test.cc", "unittests/ADT/APIntTest.cpp", "test_store.c", "src/test/x.cpp"].map(isTest)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["src/store.c", "src/testing.h", "include/test.h"].map(isTest)).toEqual([false, false, false]);
  });
});
