import { describe, expect, it } from "vitest";

/**
 * `@tsift/core/light` is what the CLI's read path loads instead of the whole package, so a
 * `TsiftError` thrown through one entry must be the same class as the other's: the built
 * entries have to share one copy (tsup's code splitting), not carry one each.
 */
describe("@tsift/core/light", () => {
  it("exports, from source, the very values the main entry exports", async () => {
    const light: Record<string, unknown> = await import("../src/light");
    const main: Record<string, unknown> = await import("../src/index");
    expect(Object.keys(light).sort()).toEqual([
      "SECRET_SHAPES",
      "SecretMasker",
      "TSIFT_ERROR_CODES",
      "TsiftError",
      "isTsiftError",
      "nativeBindingError",
      "secretMask",
      "secretShape",
      "shellArg",
      "stableHandle",
    ]);
    for (const [name, value] of Object.entries(light)) expect(main[name], name).toBe(value);
  });

  it("shares one TsiftError class with the main entry in the build", async () => {
    // Only the light names are compared, so both are typed as the light entry.
    const light = (await import("../dist/light.js")) as unknown as typeof import("../src/light");
    const main = (await import("../dist/index.js")) as unknown as typeof import("../src/light");
    expect(light.TsiftError).toBe(main.TsiftError);
    expect(new light.TsiftError("not_found", "x")).toBeInstanceOf(main.TsiftError);
    expect(light.stableHandle("sym", "a.ts:1")).toBe(main.stableHandle("sym", "a.ts:1"));
  });

  it("loads none of the graph substrate", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dist = join(import.meta.dirname, "..", "dist");
    const imported = [...readFileSync(join(dist, "light.js"), "utf8").matchAll(/from "(\.\/[^"]+)"/g)].map((match) => match[1] as string);
    const code = imported.map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
    expect(code).toMatch(/TsiftError = class extends Error/);
    expect(code).not.toMatch(/SqlGraphStore|ConvexSnapshotGraphStore|GRAPH_SCHEMA_STATEMENTS/);
  });
});
