/**
 * Test files by each ecosystem's convention, from the path alone: `*.test.*` / `*.spec.*`
 * and `__tests__/` (JS/TS), `test_*.py` / `*_test.py` (Python), `tests/*.rs`
 * (Rust integration tests), `*_test.go` (Go). Rust's inline `#[cfg(test)]` modules live in
 * source files; `hasInlineRustTests` recognises those from the text.
 */
export function isTestPath(path: string): boolean {
  const parts = path.split("/");
  const base = parts[parts.length - 1] ?? "";
  const dirs = parts.slice(0, -1);
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(base)) return true;
  if (/\.[cm]?[jt]sx?$/.test(base) && dirs.includes("__tests__")) return true;
  // pytest collects by name only: helpers and conftest.py under tests/ are not test files.
  if (/\.py$/.test(base)) return /^test_.*\.py$/.test(base) || /_test\.py$/.test(base);
  // Cargo builds each file directly under tests/ as one test crate; subdirectories hold shared helpers.
  if (/\.rs$/.test(base)) return dirs[dirs.length - 1] === "tests";
  if (/_test\.go$/.test(base)) return true;
  return false;
}

/** A Rust source file that carries its own unit tests. */
export function hasInlineRustTests(path: string, text: string): boolean {
  return path.endsWith(".rs") && /#\[cfg\(test\)\]/.test(text);
}

/** The language family a test file's runner is chosen from. */
export type TestFamily = "js" | "python" | "rust" | "go";

export function testFamily(path: string): TestFamily | null {
  if (/\.[cm]?[jt]sx?$/.test(path)) return "js";
  if (path.endsWith(".py")) return "python";
  if (path.endsWith(".rs")) return "rust";
  if (path.endsWith(".go")) return "go";
  return null;
}
