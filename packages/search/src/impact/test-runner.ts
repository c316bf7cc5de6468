import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { shellArg } from "@tsift/core/light";
import type { TestCase } from "./test-cases";
import { testFamily } from "./test-files";

export const TEST_RUNNERS = ["vitest", "jest", "node", "npm", "pytest", "cargo", "go"] as const;
/** Which runner a test file's command is spelled for (`npm`: a JS project whose runner could not be told, run through its `test` script). */
export type TestRunner = (typeof TEST_RUNNERS)[number];

export interface RunnerCommand {
  runner: TestRunner;
  /** Runs the file's selected tests (or the whole file when none are selected), from the project root. */
  command: string;
}

/**
 * Detects a test file's runner and spells the command that runs `cases` from the project
 * root (`cd` into the package, crate or module first when it is not the root). JS/TS: the
 * file's own imports (`vitest`, `@jest/globals`, `node:test`), then the nearest
 * package.json's dependencies and `test` script and the config files beside it. Python:
 * pytest. Rust: the nearest Cargo.toml (`--test <stem>` for an integration test). Go: the
 * nearest go.mod.
 */
export function runnerCommand(root: string, file: string, text: string, cases: readonly TestCase[], cache: Map<string, unknown> = new Map()): RunnerCommand {
  const family = testFamily(file);
  if (family === "python") {
    const ids = cases.length > 0 ? cases.map((test) => `${file}::${test.path.join("::")}`) : [file];
    return { runner: "pytest", command: `pytest ${ids.map(shellArg).join(" ")}` };
  }
  if (family === "rust") {
    const crate = nearest(root, file, ["Cargo.toml"], cache);
    const rel = relativeTo(crate, file);
    const prefix = cdPrefix(crate);
    const integration = /^tests\/[^/]+\.rs$/.test(rel) ? ` --test ${shellArg(posix.basename(rel, ".rs"))}` : "";
    const names = cases.map((test) => test.path.join("::"));
    const filter = names.length === 0 ? "" : names.length === 1 ? ` ${shellArg(names[0]!)}` : ` -- ${names.map(shellArg).join(" ")}`;
    return { runner: "cargo", command: `${prefix}cargo test${integration}${filter}` };
  }
  if (family === "go") {
    const module = nearest(root, file, ["go.mod"], cache);
    const dir = posix.dirname(relativeTo(module, file));
    const run = cases.length === 0 ? "" : ` -run ${shellArg(`^(${cases.map((test) => test.name).join("|")})$`)}`;
    return { runner: "go", command: `${cdPrefix(module)}go test ./${dir === "." ? "" : dir}${run}` };
  }
  const pkg = nearest(root, file, ["package.json"], cache);
  const rel = relativeTo(pkg, file);
  const prefix = cdPrefix(pkg);
  const runner = jsRunner(root, pkg, text, cache);
  const pattern = cases.length === 0 ? null : cases.map((test) => escapeRegex(test.path.join(" "))).join("|");
  if (runner === "vitest") return { runner, command: `${prefix}npx vitest run ${shellArg(rel)}${pattern ? ` -t ${shellArg(pattern)}` : ""}` };
  if (runner === "jest") return { runner, command: `${prefix}npx jest ${shellArg(rel)}${pattern ? ` -t ${shellArg(pattern)}` : ""}` };
  if (runner === "node") {
    const leaves = cases.length === 0 ? null : cases.map((test) => escapeRegex(test.path[test.path.length - 1]!)).join("|");
    return { runner, command: `${prefix}node --test${leaves ? ` --test-name-pattern=${shellArg(leaves)}` : ""} ${shellArg(rel)}` };
  }
  return { runner: "npm", command: `${prefix}npm test -- ${shellArg(rel)}` };
}

function jsRunner(root: string, pkg: string, text: string, cache: Map<string, unknown>): "vitest" | "jest" | "node" | "npm" {
  if (/from\s+["']vitest["']/.test(text)) return "vitest";
  if (/from\s+["']@jest\/globals["']/.test(text)) return "jest";
  if (/(?:from\s+|require\()\s*["']node:test["']/.test(text)) return "node";
  const key = `js-runner\0${pkg}`;
  const known = cache.get(key);
  if (typeof known === "string") return known as "vitest" | "jest" | "node" | "npm";
  const detected = detectJsRunner(join(root, pkg));
  cache.set(key, detected);
  return detected;
}

function detectJsRunner(dir: string): "vitest" | "jest" | "node" | "npm" {
  const manifest = readJson(join(dir, "package.json"));
  const deps = { ...record(manifest?.["dependencies"]), ...record(manifest?.["devDependencies"]) };
  const script = String(record(manifest?.["scripts"])["test"] ?? "");
  if (/\bvitest\b/.test(script)) return "vitest";
  if (/\bjest\b/.test(script)) return "jest";
  if (/\bnode\b.*--test\b/.test(script)) return "node";
  const configs = (base: string) => ["ts", "mts", "cts", "js", "mjs", "cjs"].some((ext) => existsSync(join(dir, `${base}.${ext}`)));
  if (configs("vitest.config") || configs("vitest.workspace") || "vitest" in deps) return "vitest";
  if (configs("jest.config") || "jest" in deps || manifest?.["jest"] !== undefined) return "jest";
  return "npm";
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

function relativeTo(dir: string, file: string): string {
  return dir === "." ? file : posix.relative(dir, file);
}

function cdPrefix(dir: string): string {
  return dir === "." ? "" : `cd ${shellArg(dir)} && `;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
