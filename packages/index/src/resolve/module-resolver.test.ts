import { describe, expect, it } from "vitest";
import { loadLanguageHooks } from "./language-hooks";
import { resolveModule } from "./module-resolver";

// The resolver asks the languages' hooks, loaded with @tsift/graph's rules.
await loadLanguageHooks();

const files = new Set([
  "src/app.ts",
  "src/store.ts",
  "src/util/index.ts",
  "src/view.tsx",
  "lib/legacy.js",
  "pkg/__init__.py",
  "pkg/db.py",
  "pkg/sub/mod.py",
  "src/pylib/tool.py",
  "crate/src/lib.rs",
  "crate/src/db.rs",
  "crate/src/net/mod.rs",
  "crate/src/net/http.rs",
  "scripts/lib.sh",
]);

describe("resolveModule", () => {
  it.each([
    ["./store", "src/store.ts"],
    ["./store.js", "src/store.ts"],
    ["./util", "src/util/index.ts"],
    ["./view", "src/view.tsx"],
    ["../lib/legacy", "lib/legacy.js"],
    ["react", null],
    ["./missing", null],
    ["../../outside", null],
  ])("TypeScript %s -> %s", (module, expected) => {
    expect(resolveModule("typescript", "src/app.ts", module, null, files)).toBe(expected);
  });

  it.each([
    [".db", null, "pkg/db.py"],
    [".", "db", "pkg/db.py"],
    [".", "helper", "pkg/__init__.py"],
    ["..", "pkg", "pkg/__init__.py"],
    ["pkg.sub.mod", null, "pkg/sub/mod.py"],
    ["pkg", "db", "pkg/db.py"],
    ["os.path", null, null],
  ])("Python %s (name %s) -> %s", (module, name, expected) => {
    expect(resolveModule("python", "pkg/sub/../main.py".replace("sub/../", ""), module, name, files)).toBe(expected);
  });

  it("finds absolute Python modules under an ancestor directory (src layout)", () => {
    expect(resolveModule("python", "src/pylib/main.py", "tool", null, files)).toBe("src/pylib/tool.py");
  });

  it.each([
    ["crate::db", "crate/src/db.rs"],
    ["crate::db::Store", "crate/src/db.rs"],
    ["crate::net::http", "crate/src/net/http.rs"],
    ["crate::net", "crate/src/net/mod.rs"],
    ["crate::helper", "crate/src/lib.rs"],
    ["std::collections", null],
  ])("Rust %s -> %s", (module, expected) => {
    expect(resolveModule("rust", "crate/src/net/http.rs", module, null, files)).toBe(expected);
  });

  it("follows Rust super:: and self:: from the importing module", () => {
    expect(resolveModule("rust", "crate/src/net/http.rs", "super::mod", null, files)).toBe("crate/src/net/mod.rs");
    expect(resolveModule("rust", "crate/src/net/http.rs", "super::super::db", null, files)).toBe("crate/src/db.rs");
    expect(resolveModule("rust", "crate/src/net/mod.rs", "self::http", null, files)).toBe("crate/src/net/http.rs");
  });

  it("resolves Bash source paths relative to the script", () => {
    expect(resolveModule("bash", "scripts/run.sh", "./lib.sh", null, files)).toBe("scripts/lib.sh");
    expect(resolveModule("kotlin", "a.kt", "com.example.Foo", null, files)).toBeNull();
  });
});
