import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleForChild } from "./helpers/bundle-for-child";
import { PACKAGE_ROOT } from "./helpers/child-process";

const require = createRequire(join(PACKAGE_ROOT, "package.json"));
const betterSqlite3 = dirname(require.resolve("better-sqlite3/package.json"));
const bindings = dirname(createRequire(join(betterSqlite3, "package.json")).resolve("bindings/package.json"));

/**
 * A real Node process opens a database through the package's code, with better-sqlite3
 * installed as usual or as a package manager that skips install scripts leaves it: its
 * JavaScript, no build/ (pnpm 10 without `pnpm approve-builds`).
 */
function openInChild(built: boolean): { status: number | null; stdout: string; stderr: string } {
  const { dir } = bundleForChild("test/helpers/open-in-child.ts");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  if (built) symlinkSync(betterSqlite3, join(modules, "better-sqlite3"), "dir");
  else {
    cpSync(join(betterSqlite3, "package.json"), join(modules, "better-sqlite3", "package.json"));
    cpSync(join(betterSqlite3, "lib"), join(modules, "better-sqlite3", "lib"), { recursive: true });
  }
  // Its dependency `bindings` (and that one's), installed as usual.
  symlinkSync(bindings, join(modules, "bindings"), "dir");
  const fileUri = dirname(createRequire(join(bindings, "package.json")).resolve("file-uri-to-path/package.json"));
  symlinkSync(fileUri, join(modules, "file-uri-to-path"), "dir");
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  return spawnSync(process.execPath, [join(dir, "bundle.mjs"), join(dir, "test.db")], { encoding: "utf8" });
}

describe("better-sqlite3 without its native build", () => {
  it("fails with a native_binding error that names the package and the fix", () => {
    const result = openInChild(false);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { code: string; message: string; hint: string; details: { package: string } };
    expect(report.code).toBe("native_binding");
    expect(report.details.package).toBe("better-sqlite3");
    expect(report.message).toContain("better-sqlite3");
    expect(report.hint).toBe("pnpm approve-builds, or npm rebuild better-sqlite3");
  });

  it("opens the database when the build is there (the same child, better-sqlite3 installed as usual)", () => {
    const result = openInChild(true);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("{}\n");
  });
});
