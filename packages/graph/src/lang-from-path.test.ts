import { describe, expect, it } from "vitest";
import { langFromPath } from "./lang-from-path";
import { LANGS } from "./lang";
import { langInfo } from "./lang-info";

describe("langFromPath", () => {
  it.each([
    ["main.rs", "rust"],
    ["lib.py", "python"],
    ["stubs.pyi", "python"],
    ["index.ts", "typescript"],
    ["module.mts", "typescript"],
    ["legacy.cts", "typescript"],
    ["app.tsx", "tsx"],
    ["index.js", "javascript"],
    ["module.mjs", "javascript"],
    ["config.cjs", "javascript"],
    ["view.jsx", "jsx"],
    ["Main.kt", "kotlin"],
    ["build.gradle.kts", "kotlin"],
    ["build.zig", "zig"],
    ["install.sh", "bash"],
    ["run.bash", "bash"],
    ["prompt.zsh", "bash"],
    ["README.md", "markdown"],
    ["notes.markdown", "markdown"],
    ["page.mdx", "markdown"],
  ] as const)("%s -> %s", (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });

  it("covers every registered extension", () => {
    for (const lang of LANGS) {
      for (const extension of langInfo(lang).extensions) {
        expect(langFromPath(`src/file.${extension}`)).toBe(lang);
      }
    }
  });

  it("matches extensions case-sensitively", () => {
    expect(langFromPath("main.RS")).toBeNull();
    expect(langFromPath("App.TSX")).toBeNull();
    expect(langFromPath("README.MD")).toBeNull();
    expect(langFromPath("lib.Py")).toBeNull();
  });

  it("uses the last extension when a name has several dots", () => {
    expect(langFromPath("types/a.d.ts")).toBe("typescript");
    expect(langFromPath("a.test.tsx")).toBe("tsx");
    expect(langFromPath("vite.config.mjs")).toBe("javascript");
    expect(langFromPath("archive.tar.gz")).toBeNull();
    expect(langFromPath("main.rs.bak")).toBeNull();
  });

  it("does not treat a leading dot as an extension", () => {
    expect(langFromPath(".bash")).toBeNull();
    expect(langFromPath("home/.zsh")).toBeNull();
    expect(langFromPath(".bashrc")).toBeNull();
    expect(langFromPath(".ts")).toBeNull();
  });

  it("recognises dotfiles that do have an extension", () => {
    expect(langFromPath(".eslintrc.js")).toBe("javascript");
    expect(langFromPath("pkg/.prettierrc.cjs")).toBe("javascript");
    expect(langFromPath(".github/scripts/release.sh")).toBe("bash");
  });

  it("looks only at the file name, not at dotted directories", () => {
    expect(langFromPath("src.rs/Makefile")).toBeNull();
    expect(langFromPath("/home/user/.config/nvim/init")).toBeNull();
    expect(langFromPath("node_modules/x.py/readme")).toBeNull();
    expect(langFromPath("pkg/v1.2/main.rs")).toBe("rust");
  });

  it("accepts Windows separators", () => {
    expect(langFromPath("C:\\repo\\src\\main.rs")).toBe("rust");
    expect(langFromPath("C:\\repo\\.git\\hooks")).toBeNull();
  });

  it("returns null for unknown, missing or empty extensions", () => {
    expect(langFromPath("")).toBeNull();
    expect(langFromPath("Makefile")).toBeNull();
    expect(langFromPath("notes.txt")).toBeNull();
    expect(langFromPath("data.json")).toBeNull();
    expect(langFromPath("blob.bin")).toBeNull();
    expect(langFromPath("file.xyz")).toBeNull();
    expect(langFromPath("trailing.")).toBeNull();
    expect(langFromPath("dir/")).toBeNull();
    expect(langFromPath("main.cobol")).toBeNull();
  });

  it("never mistakes a shebang-less script without an extension", () => {
    expect(langFromPath("bin/deploy")).toBeNull();
    expect(langFromPath("scripts/bash")).toBeNull();
  });
});
