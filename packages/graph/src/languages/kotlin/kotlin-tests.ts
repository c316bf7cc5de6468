import type { TestConventions } from "../../language-hooks";

/**
 * JUnit's conventions as Kotlin projects follow them (`FooTest.kt`, `@Test`): test code for
 * dead code. No runner is spelled yet, so `impact` lists no Kotlin test file.
 */
export const KOTLIN_TESTS: TestConventions = {
  files: [],
  support: ["(^|/)(tests?|testing)/", "Tests?\\.kt$", "_test\\.kt$"],
  markers: ["@Test\\b", "@ParameterizedTest\\b"],
  runners: [],
};
