import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

const gitmodules = (...paths: string[]) => paths.map((path) => `[submodule "${path}"]\n\tpath = ${path}\n\turl = https://example.com/${path}.git\n`).join("");

function workspace(extra: Record<string, string> = {}) {
  return project({
    ".gitmodules": gitmodules("src/alpha", "src/beta"),
    "src/alpha/lib.rs": "/// Helps alpha.\npub fn alpha_helper() {}\npub fn alpha_main() { alpha_helper(); }\n",
    "src/beta/lib.rs": "/// Helps beta.\npub fn beta_helper() {}\n",
    ...extra,
  });
}

describe("tsift search in a workspace", () => {
  it("fails closed on an unknown scope, listing the scopes", async () => {
    const root = workspace();
    const result = await tsift(root, ["search", "helper", "--scope", "missing"]);
    expect(result.code).toBe(3);
    expect(result.err).toContain("unknown scope `missing`");
    expect(result.err).toContain("alpha, beta");
    expect(existsSync(join(root, ".tsift/indexes/missing"))).toBe(false);
  });

  it("requires --scope or --federated at a root that has only scoped indexes", async () => {
    const root = workspace();
    expect((await tsift(root, ["index", "--workspace"])).code).toBe(0);
    const result = await tsift(root, ["search", "helper"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("requires `--scope <scope>` or `--federated`");
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(false);
  });

  it("--scope refreshes and searches only that scope; a nested path infers it", async () => {
    const root = workspace();
    const scoped = (await tsift(root, ["search", "helps helper", "--scope", "beta", "--json"])).json();
    expect(scoped.scopes).toEqual(["beta"]);
    expect(scoped.hits.map((hit: { path: string }) => hit.path)).toEqual(["src/beta/lib.rs"]);
    expect(existsSync(join(root, ".tsift/indexes/beta/index.db"))).toBe(true);
    expect(existsSync(join(root, ".tsift/indexes/alpha/index.db"))).toBe(false);
    const nested = (await tsift(join(root, "src/alpha"), ["search", "helps helper", "--json"])).json();
    expect(nested.scopes).toEqual(["alpha"]);
    expect(nested.symbols[0]).toMatchObject({ name: "alpha_helper", file: "src/alpha/lib.rs" });
  });

  it("--federated refreshes and merges every federated scope, skipping private ones", async () => {
    const root = workspace({ ".tsift/config.toml": '[overrides.beta]\ntier = "private"\n' });
    const only = (await tsift(root, ["search", "helps helper", "--federated", "--json"])).json();
    expect(only.scopes).toEqual(["alpha"]);
    const shared = workspace();
    const both = (await tsift(shared, ["search", "helps helper", "--federated", "--json"])).json();
    expect(both.scopes).toEqual(["alpha", "beta"]);
    expect(new Set(both.hits.map((hit: { path: string }) => hit.path))).toEqual(new Set(["src/alpha/lib.rs", "src/beta/lib.rs"]));
  });
});
