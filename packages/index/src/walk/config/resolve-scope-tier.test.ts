import { describe, expect, it } from "vitest";
import { defaultConfig } from "./default-config";
import { parseConfig } from "./parse-config";
import { resolveScopeTier } from "./resolve-scope-tier";

const config = (text: string) => parseConfig(text, "/p/.tsift/config.toml");

describe("resolveScopeTier", () => {
  it("uses the defaults when no override matches", () => {
    expect(resolveScopeTier(defaultConfig(), "anything", "src/anything")).toEqual({
      tier: "shared",
      federation: true,
      instructions: true,
      override: null,
    });
  });

  it("follows the tier/federation table", () => {
    const cfg = config(`
[overrides.mail]
federation = false
tier = "private"

[overrides.session-share]
tier = "isolated"

[overrides.agent-doc]
federation = true

[overrides.special]
federation = false

[overrides.secret]
tier = "private"
`);
    const resolve = (id: string) => resolveScopeTier(cfg, id, `src/${id}`);
    expect(resolve("mail")).toMatchObject({ tier: "private", federation: false });
    expect(resolve("session-share")).toMatchObject({ tier: "isolated", federation: false });
    expect(resolve("agent-doc")).toMatchObject({ tier: "shared", federation: true });
    expect(resolve("special")).toMatchObject({ tier: "shared", federation: false });
    expect(resolve("secret")).toMatchObject({ tier: "private", federation: false });
    expect(resolve("unknown")).toMatchObject({ tier: "shared", federation: true, override: null });
  });

  it("never federates private or isolated scopes, even with federation = true", () => {
    const cfg = config('[overrides.a]\ntier = "private"\nfederation = true\n[overrides.b]\nisolated = true\nfederation = true\n');
    expect(resolveScopeTier(cfg, "a", "a").federation).toBe(false);
    expect(resolveScopeTier(cfg, "b", "b").federation).toBe(false);
  });

  it("applies a non-shared default tier to every scope without an override", () => {
    const cfg = config('[defaults]\ntier = "private"\n[overrides.open]\ntier = "shared"\n');
    expect(resolveScopeTier(cfg, "x", "x")).toMatchObject({ tier: "private", federation: false });
    expect(resolveScopeTier(cfg, "open", "open")).toMatchObject({ tier: "shared", federation: true });
  });

  it("honours defaults.federation = false for shared scopes", () => {
    const cfg = config("[defaults]\nfederation = false\n[overrides.hub]\nfederation = true\n");
    expect(resolveScopeTier(cfg, "x", "x").federation).toBe(false);
    expect(resolveScopeTier(cfg, "hub", "hub").federation).toBe(true);
  });

  it("matches the id first, then the full path, then the leaf", () => {
    const cfg = config(`
[overrides.foo]
tier = "private"

[overrides."vendor/foo"]
tier = "isolated"

[overrides."pkg/app/foo"]
instructions = false
`);
    // Colliding leaf names: the scope ids are the full paths.
    expect(resolveScopeTier(cfg, "vendor/foo", "vendor/foo")).toMatchObject({ tier: "isolated", override: "vendor/foo" });
    expect(resolveScopeTier(cfg, "pkg/app/foo", "pkg/app/foo")).toMatchObject({
      tier: "shared",
      instructions: false,
      override: "pkg/app/foo",
    });
    // A unique leaf: the id is the leaf, which wins over the path key.
    expect(resolveScopeTier(cfg, "foo", "vendor/foo")).toMatchObject({ tier: "private", override: "foo" });
    // Legacy leaf match when neither id nor path has an override.
    expect(resolveScopeTier(cfg, "other/foo", "other/foo")).toMatchObject({ tier: "private", override: "foo" });
  });

  it("normalises the scope path before matching", () => {
    const cfg = config('[overrides."vendor/lib"]\ntier = "private"\n');
    for (const path of ["vendor/lib", "./vendor/lib", "vendor/lib/", "vendor\\lib"]) {
      expect(resolveScopeTier(cfg, "x-id", path)).toMatchObject({ tier: "private", override: "vendor/lib" });
    }
  });

  it("reads instructions, defaulting to true", () => {
    const cfg = config("[overrides.vendored]\ninstructions = false\n");
    expect(resolveScopeTier(cfg, "vendored", "third_party/vendored").instructions).toBe(false);
    expect(resolveScopeTier(cfg, "mine", "mine").instructions).toBe(true);
  });

  it("does not match inherited object keys", () => {
    expect(resolveScopeTier(defaultConfig(), "constructor", "toString").override).toBeNull();
  });
});
