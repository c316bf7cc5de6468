import { describe, expect, it } from "vitest";
import type { TestProject } from "../../language-hooks";
import { JAVA_TESTS } from "./java-tests";

describe("java test conventions", () => {
  const project = (files: Record<string, true>, markerDir = "."): TestProject => ({
    nearest: () => markerDir,
    exists: (path) => files[path] === true,
    readJson: () => null,
    cache: new Map(),
  });
  const method = (name: string, line: number, signature: string, owner = "UserServiceTest") => ({
    name,
    kind: "method",
    qualified_name: `${owner}.${name}`,
    signature,
    line,
    end_line: line + 3,
  });

  it("lists the methods annotated as JUnit tests, not helpers", () => {
    const symbols = [
      method("helper", 30, "private User helper()"),
      method("findsUser", 10, "@Test void findsUser()"),
      method("rejects", 20, '@ParameterizedTest @ValueSource(strings = {"a"}) void rejects(String id)'),
      method("nested", 40, "@org.junit.jupiter.api.Test void nested()", "UserServiceTest.Inner"),
    ];
    expect(JAVA_TESTS.cases!({ path: "src/test/java/UserServiceTest.java", text: "", symbols, parse: () => null }).map((test) => test.name)).toEqual([
      "UserServiceTest.findsUser",
      "UserServiceTest.rejects",
      "UserServiceTest.Inner.nested",
    ]);
  });

  it("runs the selected tests with Maven or Gradle, from the nearest build file", () => {
    const cases = [
      { name: "UserServiceTest.findsUser", path: ["UserServiceTest", "findsUser"], line: 10, end_line: 12 },
      { name: "UserServiceTest.rejects", path: ["UserServiceTest", "rejects"], line: 20, end_line: 22 },
    ];
    const path = "svc/src/test/java/com/acme/UserServiceTest.java";
    expect(JAVA_TESTS.command!({ path, text: "", cases, project: project({ "svc/pom.xml": true }, "svc") })).toEqual({
      runner: "maven",
      command: "mvn -q -f svc/pom.xml test '-Dtest=UserServiceTest#findsUser+rejects' -Dsurefire.failIfNoSpecifiedTests=false",
    });
    expect(JAVA_TESTS.command!({ path, text: "", cases: [], project: project({ gradlew: true }) })).toEqual({
      runner: "gradle",
      command: "./gradlew test --tests '*UserServiceTest'",
    });
    expect(JAVA_TESTS.command!({ path, text: "", cases: cases.slice(0, 1), project: project({}, "svc") })).toEqual({
      runner: "gradle",
      command: "cd svc && gradle test --tests '*UserServiceTest.findsUser'",
    });
  });

  it("takes Maven and Gradle test paths and test-named classes as test files", () => {
    const matches = (path: string) => JAVA_TESTS.files.some((pattern) => new RegExp(pattern, "u").test(path));
    expect(["src/test/java/a/Helper.java", "a/StoreTest.java", "a/StoreTests.java", "a/StoreIT.java", "a/TestStore.java"].every(matches)).toBe(true);
    expect(["src/main/java/a/Store.java", "a/Testing.java", "a/Contest.java"].some(matches)).toBe(false);
  });
});
