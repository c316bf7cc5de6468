import { mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

// The repository's own typescript (a root devDependency) stands in for the project's.
const TYPESCRIPT = dirname(createRequire(import.meta.url).resolve("typescript/package.json"));

const FILES = {
  "src/service.ts":
    "export class Runner {\n  run(): number { return 1; }\n}\nexport class Other {\n  run(): number { return 2; }\n}\nexport const make = () => new Runner();\n",
  // An untyped callback parameter: declarations alone cannot tell Runner.run from Other.run.
  "src/main.ts": "import { make } from './service';\nexport function main() {\n  [make()].forEach((s) => s.run());\n}\n",
};

function withTypeScript(root: string): string {
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync(TYPESCRIPT, join(root, "node_modules", "typescript"), "dir");
  return root;
}

describe("tsift index --resolve checker", () => {
  it("binds the call with the project's checker; graph --callers shows resolution checker", async () => {
    const root = withTypeScript(project(FILES));
    const indexed = await tsift(root, ["index", "--resolve", "checker", "--json"]);
    expect(indexed.code).toBe(0);
    expect(indexed.json()).toMatchObject({ checker: { files_checked: 2, files_current: 0, bound: 1, overturned: 0 } });
    expect(indexed.json().checker).not.toHaveProperty("timings");

    const callers = await tsift(root, ["graph", "Runner.run", "--callers", "--json"]);
    expect(callers.code).toBe(0);
    expect(callers.json().callers).toEqual([
      expect.objectContaining({ caller_name: "main", caller_file: "src/main.ts", call_site_line: 3, resolution: "checker" }),
    ]);

    // A later run without the flag keeps the answer of the unchanged file; the human report names the pass.
    expect((await tsift(root, ["index"])).code).toBe(0);
    expect((await tsift(root, ["graph", "Runner.run", "--callers", "--json"])).json().callers).toHaveLength(1);
    const again = await tsift(root, ["index", "--resolve", "checker"]);
    expect(again.out).toMatch(/checker \(TypeScript [\d.]+\): 0 files checked, 2 current/);
  });

  it("draws the checker's progress bar on a terminal, and clears it", async () => {
    const root = withTypeScript(project(FILES));
    const run = await tsift(root, ["index", "--resolve", "checker"], { tty: true });
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/\rchecker \[[#-]+\] 0\/2 files/);
    expect(run.err).toMatch(/\rchecker \[#+\] 2\/2 files/);
    expect(run.err.endsWith("\r\x1b[K")).toBe(true);
  });

  it("exits 3 naming the package when the project has no typescript", async () => {
    const root = project(FILES);
    const run = await tsift(root, ["index", "--resolve", "checker"]);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/typescript/);
    expect(run.err).toMatch(/next: npm install --save-dev typescript/);
  });

  it("warns and exits 0 for a project without TypeScript files; refuses --check", async () => {
    const root = project({ "app.py": "def f():\n    return 1\n\nf()\n" });
    const run = await tsift(root, ["index", "--resolve", "checker"]);
    expect(run.code).toBe(0);
    expect(run.err).toContain("warning: --resolve checker skipped: no TypeScript files to check");
    expect((await tsift(root, ["index", "--resolve", "checker", "--check"])).code).toBe(2);
  });
});
