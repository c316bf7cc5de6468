import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { PHP_TESTS } from "./php-tests";

const source = [
  "<?php",
  "use PHPUnit\\Framework\\TestCase;",
  "final class UserTest extends TestCase",
  "{",
  "    public function testSaves(): void {}",
  "    #[Test]",
  "    public function itLoads(): void {}",
  "    private function helper(): void {}",
  "}",
  "",
].join("\n");

const project = (files: string[]) => ({
  nearest: (markers: readonly string[]) => (markers.some((marker) => files.includes(`app/${marker}`)) ? "app" : "."),
  exists: (path: string) => files.includes(path),
  readJson: () => null,
  cache: new Map<string, unknown>(),
});

describe("php tests", () => {
  it("lists methods named test… or marked #[Test] as Class::method", () => {
    const cases = PHP_TESTS.cases!({ path: "tests/UserTest.php", text: source, symbols: extractFile("php", source).symbols, parse: () => null });
    expect(cases.map((test) => [test.name, test.line])).toEqual([
      ["UserTest::testSaves", 5],
      ["UserTest::itLoads", 6],
    ]);
  });

  it("runs them with the project's phpunit and a name filter", () => {
    const cases = PHP_TESTS.cases!({ path: "app/tests/UserTest.php", text: source, symbols: extractFile("php", source).symbols, parse: () => null });
    expect(
      PHP_TESTS.command!({ path: "app/tests/UserTest.php", text: source, cases, project: project(["app/composer.json", "app/vendor/bin/phpunit"]) }),
    ).toEqual({
      runner: "phpunit",
      command: "cd app && vendor/bin/phpunit --filter '/(UserTest::testSaves|UserTest::itLoads)(\\s|$)/' tests/UserTest.php",
    });
    expect(PHP_TESTS.command!({ path: "tests/UserTest.php", text: source, cases: [], project: project([]) })).toEqual({
      runner: "phpunit",
      command: "phpunit tests/UserTest.php",
    });
  });
});
