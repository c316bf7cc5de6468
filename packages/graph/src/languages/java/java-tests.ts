import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions, TestProject } from "../../language-hooks";

/** JUnit 4 and 5 test methods, as written in a method's signature (`@Test`, `@org.junit.jupiter.api.Test`). */
const TEST_ANNOTATION = "@(?:[\\w.]+\\.)?(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\\b";
const TEST_ANNOTATION_PATTERN = new RegExp(TEST_ANNOTATION, "u");
const BUILD_FILES = ["pom.xml", "build.gradle", "build.gradle.kts"];

/** The project directory of a test file and whether Maven builds it (else Gradle), remembered per directory. */
function buildOf(path: string, project: TestProject): { dir: string; maven: boolean; wrapper: boolean } {
  const dir = project.nearest(BUILD_FILES);
  const key = `java-build:${dir}`;
  const known = project.cache.get(key) as { dir: string; maven: boolean; wrapper: boolean } | undefined;
  if (known) return known;
  const prefix = dir === "." ? "" : `${dir}/`;
  const found = { dir, maven: project.exists(`${prefix}pom.xml`), wrapper: project.exists(`${prefix}gradlew`) };
  project.cache.set(key, found);
  return found;
}

/**
 * JUnit conventions as Maven and Gradle lay them out: test classes under `src/test/java/`
 * or named `*Test`, `*Tests`, `*IT`, `Test*`; their tests are the methods annotated
 * `@Test` (or a parameterized, repeated or factory test), listed as `Class.method`. The
 * nearest build file picks the runner: Maven (`-Dtest=Class#a+b`) or Gradle
 * (`--tests '*Class.a'`, through `./gradlew` when the project has one).
 */
export const JAVA_TESTS: TestConventions = {
  files: ["(^|/)src/test/java/.*\\.java$", "(^|/)[^/]*(?:Tests?|IT)\\.java$", "(^|/)Test[A-Z][^/]*\\.java$"],
  support: ["(^|/)src/test/", "(^|/)(tests?|testing)/"],
  markers: [TEST_ANNOTATION],
  runners: ["maven", "gradle"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
      if (symbol.kind !== "method" || !TEST_ANNOTATION_PATTERN.test(symbol.signature ?? "")) continue;
      const owner = symbol.qualified_name.slice(0, symbol.qualified_name.length - symbol.name.length - 1);
      if (owner === "") continue;
      out.push({ name: symbol.qualified_name, path: [...owner.split("."), symbol.name], line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases, project }) => {
    const stem = path.slice(path.lastIndexOf("/") + 1).replace(/\.java$/u, "");
    const build = buildOf(path, project);
    // The test class is the file's top-level class; a nested test class runs with it.
    const methods = cases.map((test) => test.path[test.path.length - 1]!);
    if (build.maven) {
      const selector = methods.length === 0 ? stem : `${stem}#${methods.join("+")}`;
      const file = build.dir === "." ? "" : ` -f ${shellArg(`${build.dir}/pom.xml`)}`;
      return { runner: "maven", command: `mvn -q${file} test ${shellArg(`-Dtest=${selector}`)} -Dsurefire.failIfNoSpecifiedTests=false` };
    }
    const filters = (methods.length === 0 ? [`*${stem}`] : methods.map((method) => `*${stem}.${method}`)).map((filter) => `--tests ${shellArg(filter)}`);
    const gradle = build.wrapper ? "./gradlew" : "gradle";
    const cd = build.dir === "." ? "" : `cd ${shellArg(build.dir)} && `;
    return { runner: "gradle", command: `${cd}${gradle} test ${filters.join(" ")}` };
  },
};
