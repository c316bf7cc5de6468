import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { LANGUAGES, type TestCase, type TestProject } from "@tsift/graph";
import { testConventionsFor } from "./test-files";

/** Every runner a registered language's test conventions may answer with, in registry order. */
export const TEST_RUNNERS: readonly string[] = Object.freeze([...new Set(LANGUAGES.flatMap((language) => language.tests?.runners ?? []))]);
/** Which runner a test file's command is spelled for (one of `TEST_RUNNERS`). */
export type TestRunner = string;

export interface RunnerCommand {
  runner: TestRunner;
  /** Runs the file's selected tests (or the whole file when none are selected), from the project root. */
  command: string;
}

/**
 * The command that runs `cases` of a test file from the project root, spelled by its
 * language's `tests.command` hook (runner detection included: the file's imports, the
 * nearest package.json, Cargo.toml or go.mod…). Null when its language spells none.
 */
export function runnerCommand(
  root: string,
  file: string,
  text: string,
  cases: readonly TestCase[],
  cache: Map<string, unknown> = new Map(),
): RunnerCommand | null {
  const command = testConventionsFor(file)?.command;
  if (!command) return null;
  return command({ path: file, text, cases, project: testProject(root, file, cache) });
}

/** The project around `file` as a test-command hook reads it: existence checks memoised in `cache`. */
function testProject(root: string, file: string, cache: Map<string, unknown>): TestProject {
  return {
    cache,
    nearest: (markers) => nearest(root, file, markers, cache),
    exists: (path) => existsSync(join(root, path)),
    readJson: (path) => readJson(join(root, path)),
  };
}

/** The root-relative directory of the nearest ancestor of `file` holding one of `markers` (within the root), or `.`. */
function nearest(root: string, file: string, markers: readonly string[], cache: Map<string, unknown>): string {
  let dir = posix.dirname(file);
  for (;;) {
    const key = `nearest\0${markers.join(",")}\0${dir}`;
    const known = cache.get(key);
    if (typeof known === "boolean" ? known : markers.some((marker) => existsSync(join(root, dir, marker)))) {
      cache.set(key, true);
      return dir;
    }
    cache.set(key, false);
    if (dir === "." || dir === "" || dir === "/") return ".";
    dir = posix.dirname(dir);
  }
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
