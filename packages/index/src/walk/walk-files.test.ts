import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempTree, writeTree } from "../../test/helpers";
import { walkFiles } from "./walk-files";

const paths = (root: string, options = {}) => walkFiles(root, options).files.map((file) => file.path);

describe("walkFiles", () => {
  it("keeps only files whose extension maps to a language (reference walk test)", () => {
    const root = tempTree({ "main.rs": "", "lib.py": "", "app.tsx": "", "notes.txt": "", "data.json": "{}", "sub/mod.rs": "", "Main.RS": "" });
    expect(paths(root)).toEqual(["app.tsx", "lib.py", "main.rs", "sub/mod.rs"]);
  });

  it("returns root-relative / paths in code-unit order with size and mtime", () => {
    const root = tempTree({ "b/z.ts": "x", "a.ts": "12", "a/b.ts": "", "B.ts": "" });
    const result = walkFiles(root);
    expect(result.files.map((file) => file.path)).toEqual(["B.ts", "a.ts", "a/b.ts", "b/z.ts"]);
    expect(result.files[1]).toMatchObject({ path: "a.ts", lang: "typescript", size: 2, absPath: join(root, "a.ts") });
    expect(typeof result.files[1]!.mtimeNs).toBe("bigint");
    expect(result.dirs.map((dir) => dir.path)).toEqual(["", "a", "b"]);
  });

  it("honours .gitignore in a git repo, and skips hidden entries", () => {
    const root = tempTree(
      { ".gitignore": "target/\n*.generated.rs\n", "main.rs": "", "target/debug/x.rs": "", "a.generated.rs": "", ".hidden/secret.rs": "", ".dot.rs": "" },
      { git: true },
    );
    expect(paths(root)).toEqual(["main.rs"]);
  });

  it("applies nested .gitignore files relative to their directory, deepest first, with negation", () => {
    const root = tempTree(
      {
        ".gitignore": "*.gen.ts\nlogs/\n",
        "a.gen.ts": "",
        "pkg/.gitignore": "!keep.gen.ts\nlocal.ts\n",
        "pkg/keep.gen.ts": "",
        "pkg/drop.gen.ts": "",
        "pkg/local.ts": "",
        "local.ts": "",
        "logs/x.ts": "",
      },
      { git: true },
    );
    expect(paths(root)).toEqual(["local.ts", "pkg/keep.gen.ts"]);
  });

  it("honours .git/info/exclude and the repository's .gitignore above a subdirectory root", () => {
    const repo = tempTree({ ".gitignore": "skip-me.py\n", "sub/skip-me.py": "", "sub/keep.py": "", "sub/excluded.py": "" }, { git: true });
    writeTree(repo, { ".git/info/exclude": "excluded.py\n" });
    expect(paths(join(repo, "sub"))).toEqual(["keep.py"]);
  });

  it("ignores .gitignore outside a git repository, like git and ripgrep", () => {
    const root = tempTree({ ".gitignore": "*.py\n", "a.py": "" });
    expect(paths(root)).toEqual(["a.py"]);
    expect(paths(root, { gitignore: true })).toEqual([]);
  });

  it("never enters the default ignored directories, even without git", () => {
    const root = tempTree({
      "node_modules/x/index.js": "",
      "dist/a.js": "",
      "build/b.py": "",
      "target/c.rs": "",
      "vendor/d.go.rs": "",
      "__pycache__/e.py": "",
      "venv/f.py": "",
      "src/ok.ts": "",
    });
    expect(paths(root)).toEqual(["src/ok.ts"]);
  });

  it("applies [index] exclude patterns", () => {
    const root = tempTree({ "gen/a.ts": "", "src/b.generated.ts": "", "src/c.ts": "" });
    expect(paths(root, { exclude: ["gen/**", "**/*.generated.ts"] })).toEqual(["src/c.ts"]);
  });

  it("follows links inside the root, never out of it, and ends link loops", () => {
    const outside = tempTree({ "secret.py": "" });
    const root = tempTree({ "real/a.py": "", "real/deep/b.py": "" });
    symlinkSync(join(root, "real"), join(root, "alias"));
    symlinkSync(join(root, "real"), join(root, "real/deep/loop"));
    symlinkSync(outside, join(root, "out"));
    symlinkSync(join(outside, "secret.py"), join(root, "secret.py"));
    symlinkSync(join(root, "real/a.py"), join(root, "link.py"));
    symlinkSync(join(root, "missing.py"), join(root, "dangling.py"));
    // alias/ reaches real/ first (sorted order), so real/ itself is not walked twice.
    expect(paths(root)).toEqual(["alias/a.py", "alias/deep/b.py", "link.py"]);
  });

  it.skipIf(process.getuid?.() === 0)("warns about a directory it cannot list and goes on", () => {
    const root = tempTree({ "ok.py": "", "locked/x.py": "" });
    chmodSync(join(root, "locked"), 0o000);
    try {
      const result = walkFiles(root);
      expect(result.files.map((file) => file.path)).toEqual(["ok.py"]);
      expect(result.warnings).toEqual([expect.objectContaining({ path: "locked", stage: "walk" })]);
    } finally {
      chmodSync(join(root, "locked"), 0o755);
    }
  });

  it("fails with not_found for a missing root", () => {
    expect(() => walkFiles("/nonexistent/tsift-root")).toThrow(expect.objectContaining({ code: "not_found" }));
  });

  // Its speed is measured by tools/bench/test-suite/timing-checks.mjs, not asserted here.
  it("lists 10k files", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) files[`d${i % 100}/f${i}.ts`] = "";
    const root = tempTree(files);
    mkdirSync(join(root, "node_modules/big"), { recursive: true });
    expect(walkFiles(root).files).toHaveLength(10_000);
  });
});
