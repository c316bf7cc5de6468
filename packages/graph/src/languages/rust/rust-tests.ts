import { posix } from "node:path";
import { shellArg } from "@tsift/core/light";
import type { TestCase, TestConventions } from "../../language-hooks";
import { cdPrefix, relativeTo } from "../../test-command-text";

/**
 * Cargo's conventions: each file directly under `tests/` is one integration-test crate
 * (subdirectories hold shared helpers); a source file may carry its own `#[cfg(test)]`
 * module; tests are functions with a `#[test]` (or `#[tokio::test]`…) attribute, run by
 * `cargo test` from the crate's Cargo.toml directory.
 */
export const RUST_TESTS: TestConventions = {
  files: ["(^|/)tests/[^/]*\\.rs$"],
  support: ["(^|/)tests?/", "_test\\.rs$"],
  inlineMarker: "#\\[cfg\\(test\\)\\]",
  markers: ["#\\[(?:[\\w:]+::)?test\\b"],
  inlineScope: "(^|\\.)tests\\.",
  runners: ["cargo"],
  cases: ({ symbols }) => {
    const out: TestCase[] = [];
    for (const symbol of symbols) {
      if (symbol.kind !== "function" || !/#\[(?:[\w:]+::)?test\b/.test(symbol.signature ?? "")) continue;
      const parts = symbol.qualified_name.split(".");
      out.push({ name: parts.join("::"), path: parts, line: symbol.line, end_line: symbol.end_line });
    }
    return out;
  },
  command: ({ path, cases, project }) => {
    const crate = project.nearest(["Cargo.toml"]);
    const rel = relativeTo(crate, path);
    const integration = /^tests\/[^/]+\.rs$/.test(rel) ? ` --test ${shellArg(posix.basename(rel, ".rs"))}` : "";
    const names = cases.map((test) => test.path.join("::"));
    const filter = names.length === 0 ? "" : names.length === 1 ? ` ${shellArg(names[0]!)}` : ` -- ${names.map(shellArg).join(" ")}`;
    return { runner: "cargo", command: `${cdPrefix(crate, shellArg)}cargo test${integration}${filter}` };
  },
};
