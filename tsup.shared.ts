import { defineConfig, type Options } from "tsup";

/**
 * One build recipe for every package: ESM + d.ts, bundled per entry.
 * The d.ts pass drops the `@tsift/source` condition so sibling packages resolve
 * to their built declarations (Nx builds dependencies first) instead of being
 * re-checked from source inside every consumer.
 */
export function packageBuild(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ["esm"],
    target: "node20",
    platform: "node",
    dts: { compilerOptions: { customConditions: [], composite: false } },
    clean: true,
    sourcemap: false,
    splitting: false,
    treeshake: false,
    ...overrides,
  });
}
