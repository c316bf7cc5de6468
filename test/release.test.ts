import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as { name: string; version: string; dependencies?: Record<string, string> };
const packageDirs = readdirSync(join(root, "packages")).map((name) => join(root, "packages", name));

describe("lockstep release", () => {
  it("keeps the root tsift version equal to @tsift/cli's", () => {
    expect(readJson(join(root, "package.json")).version).toBe(readJson(join(root, "packages/cli/package.json")).version);
  });

  it("keeps every package and internal range on the same version", () => {
    const version = readJson(join(root, "packages/cli/package.json")).version;
    for (const dir of [root, ...packageDirs]) {
      const pkg = readJson(join(dir, "package.json"));
      if (dir !== root) expect(pkg.version, pkg.name).toBe(version);
      for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
        if (name.startsWith("@tsift/")) expect(range, `${pkg.name} -> ${name}`).toBe(`^${version}`);
      }
    }
    execFileSync(process.execPath, [join(root, "tools/sync-root-version.mjs"), "--check"], { stdio: "pipe" });
  });
});

describe("npm pack", () => {
  const allowed = (path: string) => path === "package.json" || path === "README.md" || path === "LICENSE" || /^dist\/[^]+\.(js|d\.ts)$/.test(path) || /^bin\/[^/]+\.js$/.test(path);

  for (const dir of [root, ...packageDirs]) {
    const name = readJson(join(dir, "package.json")).name;
    it(`${name} ships only built files, README, LICENSE and package.json`, () => {
      // --ignore-scripts: packing the root would otherwise run its `prepare` build again.
      const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      const [report] = JSON.parse(output) as [{ files: { path: string }[] }];
      const files = report.files.map((file) => file.path);
      expect(files.filter((path) => !allowed(path)), name).toEqual([]);
      expect(files).toContain("README.md");
      expect(files).toContain("LICENSE");
      expect(files.some((path) => path.startsWith("dist/") && path.endsWith(".d.ts"))).toBe(true);
    });
  }
});
