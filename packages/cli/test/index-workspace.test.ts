import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

const gitmodules = (...paths: string[]) => paths.map((path) => `[submodule "${path}"]\n\tpath = ${path}\n\turl = https://example.com/${path}.git\n`).join("");

/** The workspace fixture: submodules src/alpha and src/beta. */
function workspace(extra: Record<string, string> = {}) {
  return project({
    ".gitmodules": gitmodules("src/alpha", "src/beta"),
    "src/alpha/lib.rs": "pub fn alpha_helper() {}\npub fn alpha_main() { alpha_helper(); }\n",
    "src/beta/lib.rs": "pub fn beta_func() {}\n",
    ...extra,
  });
}

describe("tsift index in a workspace", () => {
  it("--workspace writes one index per scope and reports each with its tier", async () => {
    const root = workspace({ ".tsift/config.toml": '[overrides.beta]\ntier = "private"\n' });
    const result = await tsift(root, ["index", "--workspace", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      scopes: [
        {
          submodule: "alpha",
          tier: "shared",
          summary: expect.objectContaining({ new: 1, total_tracked: 1, changes: [{ path: "lib.rs", kind: "new", language: "rust" }] }),
        },
        { submodule: "beta", tier: "private", summary: expect.objectContaining({ new: 1 }) },
      ],
    });
    expect(existsSync(join(root, ".tsift/indexes/alpha/index.db"))).toBe(true);
    expect(existsSync(join(root, ".tsift/indexes/beta/index.db"))).toBe(true);
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(false);
    expect((await tsift(root, ["index", "--workspace", "--check", "--exit-code", "--json"])).json()).toEqual({
      scopes: [
        { submodule: "alpha", tier: "shared", total_tracked: 1, new: 0, modified: 0, deleted: 0, unchanged: 1 },
        { submodule: "beta", tier: "private", total_tracked: 1, new: 0, modified: 0, deleted: 0, unchanged: 1 },
      ],
    });
    const text = await tsift(root, ["index", "--workspace", "-q"]);
    expect(text.out).toBe(
      "[alpha] shared\nIndex (incremental): 1 files tracked\n  new: 0  modified: 0  deleted: 0  unchanged: 1\n\n[beta] private\nIndex (incremental): 1 files tracked\n  new: 0  modified: 0  deleted: 0  unchanged: 1\n",
    );
  });

  it("--submodule indexes one scope; a path inside a scope selects it", async () => {
    const root = workspace();
    expect((await tsift(root, ["index", "--submodule", "alpha", "-q"])).code).toBe(0);
    expect(existsSync(join(root, ".tsift/indexes/alpha/index.db"))).toBe(true);
    expect(existsSync(join(root, ".tsift/indexes/beta/index.db"))).toBe(false);
    const inferred = await tsift(join(root, "src/beta"), ["index", "--json", "-q"]);
    expect(inferred.json()).toEqual({ scopes: [{ submodule: "beta", tier: "shared", total_tracked: 1, new: 1, modified: 0, deleted: 0, unchanged: 0 }] });
    expect(existsSync(join(root, "src/beta/.tsift"))).toBe(false);
  });

  it("fails closed on unknown and ambiguous selectors, listing the scopes, and creates nothing", async () => {
    const root = workspace();
    const unknown = await tsift(root, ["index", "--submodule", "missing"]);
    expect(unknown.code).toBe(3);
    expect(unknown.err).toContain("unknown scope `missing`");
    expect(unknown.err).toContain("Available scopes: alpha, beta");
    expect(existsSync(join(root, ".tsift/indexes/missing/index.db"))).toBe(false);

    const dup = project({
      ".gitmodules": gitmodules("pkg/app/foo", "vendor/foo"),
      "pkg/app/foo/a.py": "def a():\n    pass\n",
      "vendor/foo/b.py": "def b():\n    pass\n",
    });
    const ambiguous = await tsift(dup, ["index", "--submodule", "foo"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.err).toContain("ambiguous scope `foo`. Use one of: pkg/app/foo, vendor/foo");
    expect((await tsift(dup, ["index", "--submodule", "vendor/foo", "-q"])).code).toBe(0);
    expect(existsSync(join(dup, ".tsift/indexes/vendor/foo/index.db"))).toBe(true);
    expect((await tsift(dup, ["symbols", "b", "--scope", "vendor/foo", "--json"])).json().symbols.map((s: { name: string }) => s.name)).toEqual(["b"]);
  });

  it("--workspace without submodules is an error", async () => {
    const root = project({ "a.py": "" });
    expect((await tsift(root, ["index", "--workspace"])).code).toBe(3);
  });
});
