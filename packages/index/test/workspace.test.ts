import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverScopes, indexLocation, parseGitmodules, resolveProjectRoot, selectScope } from "../src/index";
import { git, tempTree, writeTree } from "./helpers";

const gitmodules = (...paths: string[]) => paths.map((path) => `[submodule "${path}"]\n\tpath = ${path}\n\turl = https://example.com/${path}.git\n`).join("");

describe("parseGitmodules", () => {
  it("reads path lines, normalised", () => {
    expect(parseGitmodules('[submodule "a"]\n  path = ./src/a/\n  url = x\n[submodule "b"]\npath="vendor\\b"\n')).toEqual(["src/a", "vendor/b"]);
    expect(parseGitmodules("path = ../escape\n")).toEqual([]);
  });
});

describe("discoverScopes", () => {
  it("lists existing submodule directories with leaf ids, sorted by path", () => {
    const root = tempTree({ ".gitmodules": gitmodules("src/beta", "src/alpha", "src/missing"), "src/alpha/lib.rs": "", "src/beta/lib.rs": "" });
    expect(discoverScopes(root)).toEqual([
      { id: "alpha", path: "src/alpha" },
      { id: "beta", path: "src/beta" },
    ]);
  });

  it("promotes colliding leaf names to full paths", () => {
    const root = tempTree({
      ".gitmodules": gitmodules("pkg/app/foo", "vendor/foo", "lib/bar"),
      "pkg/app/foo/a.py": "",
      "vendor/foo/a.py": "",
      "lib/bar/a.py": "",
    });
    expect(discoverScopes(root)).toEqual([
      { id: "bar", path: "lib/bar" },
      { id: "pkg/app/foo", path: "pkg/app/foo" },
      { id: "vendor/foo", path: "vendor/foo" },
    ]);
    expect(indexLocation(root, { id: "pkg/app/foo", path: "pkg/app/foo" }).dbPath).toBe(join(root, ".tsift/indexes/pkg/app/foo/index.db"));
  });

  it("reads nested .gitmodules recursively and counts gitlinks whose directory is gone", () => {
    const upstream = tempTree({ "lib.rs": "fn x() {}\n" }, { git: true });
    git(upstream, "add", ".");
    git(upstream, "commit", "-qm", "init");
    const root = tempTree({ "README.md": "# w\n" }, { git: true });
    git(root, "submodule", "add", "-q", upstream, "deps/gone");
    git(root, "commit", "-qm", "sub");
    rmSync(join(root, "deps/gone"), { recursive: true, force: true });
    writeTree(root, { "outer/.gitmodules": gitmodules("inner"), "outer/inner/a.py": "" });
    writeTree(root, { ".gitmodules": `${gitmodules("outer")}[submodule "deps/gone"]\n\tpath = deps/gone\n\turl = ${upstream}\n` });
    expect(discoverScopes(root)).toEqual([
      { id: "gone", path: "deps/gone" },
      { id: "outer", path: "outer" },
      { id: "inner", path: "outer/inner" },
    ]);
  });
});

describe("selectScope", () => {
  const scopes = [
    { id: "alpha", path: "src/alpha" },
    { id: "pkg/app/foo", path: "pkg/app/foo" },
    { id: "vendor/foo", path: "vendor/foo" },
  ];
  it("matches id, then path, then a unique leaf", () => {
    expect(selectScope(scopes, "alpha")).toBe(scopes[0]);
    expect(selectScope(scopes, "src/alpha/")).toBe(scopes[0]);
    expect(selectScope(scopes, "vendor/foo")).toBe(scopes[2]);
  });
  it("fails closed on unknown and ambiguous selectors, listing the scopes", () => {
    expect(() => selectScope(scopes, "missing")).toThrow(
      expect.objectContaining({ code: "not_found", message: "unknown scope `missing`. Available scopes: alpha, pkg/app/foo, vendor/foo" }),
    );
    expect(() => selectScope(scopes, "foo")).toThrow(
      expect.objectContaining({ code: "invalid_input", message: "ambiguous scope `foo`. Use one of: pkg/app/foo, vendor/foo" }),
    );
  });
});

describe("resolveProjectRoot", () => {
  it("uses the nearest ancestor owning .tsift/", () => {
    const root = tempTree({ "src/nested/deep/a.py": "" });
    mkdirSync(join(root, ".tsift"));
    expect(resolveProjectRoot(join(root, "src/nested/deep"))).toEqual({ root, scope: null });
    expect(resolveProjectRoot(join(root, "src/nested/deep/a.py"))).toEqual({ root, scope: null });
  });

  it("stops at a git work tree root, and uses the path itself outside any project", () => {
    const outer = tempTree({ "inner/src/a.py": "" });
    mkdirSync(join(outer, ".tsift"));
    git(join(outer, "inner"), "init", "-q");
    expect(resolveProjectRoot(join(outer, "inner/src")).root).toBe(join(outer, "inner"));
    const plain = tempTree({ "x/a.py": "" });
    expect(resolveProjectRoot(join(plain, "x")).root).toBe(join(plain, "x"));
  });

  it("maps a path inside a declared submodule to the workspace and that scope", () => {
    const root = tempTree({ ".gitmodules": gitmodules("src/alpha"), "src/alpha/sub/lib.rs": "" }, { git: true });
    writeTree(root, { "src/alpha/.git": "gitdir: ../../.git/modules/alpha\n" });
    expect(resolveProjectRoot(join(root, "src/alpha/sub"))).toEqual({ root, scope: { id: "alpha", path: "src/alpha" } });
    expect(resolveProjectRoot(join(root, "src"))).toEqual({ root, scope: null });
  });
});
