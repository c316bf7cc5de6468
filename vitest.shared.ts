import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defaultServerConditions } from "vite";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

// A `tsift daemon` the developer runs listens under $XDG_RUNTIME_DIR and would answer the
// read commands the end-to-end tests spawn, with its own build: every test process (and
// every tsift it spawns) gets a runtime dir of its own instead. Daemon tests set theirs.
const runtimeDir = mkdtempSync(join(tmpdir(), "tsift-test-runtime-"));

// Vitest 4 on Vite 7 resolves custom export conditions for Node tests only through
// ssr.resolve.conditions; keeping the defaults after ours preserves "node"/"import".
const shared = defineConfig({
  ssr: {
    resolve: {
      conditions: ["@tsift/source", ...defaultServerConditions],
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Vitest runs one file at a time on a 2-core machine (cores - 1 workers). Most of a file's
    // time here is spent waiting on the tsift processes it spawns, so a second file keeps the
    // other core busy: at least two workers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module graph instead of a fresh one per
    // file: loading the TypeScript sources through Vite again for every file was most of each
    // suite's time. A file that needs a fresh process (it reads the module cache, or sets an
    // environment variable read once at import) is listed as `isolated` in packageTestConfig.
    isolate: false,
    // One generous bound for every test and hook, instead of per-test ones: the suite must
    // pass with other CPU-bound work on the machine, where a 20 s end-to-end case can take
    // minutes. A timeout is for a hang, never a performance check (those are benchmarks).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: process.env.CI ? ["dot"] : ["default"],
    // Reads by the tsift executable start a daemon for the next read, and a large project's
    // first index in the background; the tests that spawn it would leave them behind, so only
    // daemon-autostart.test.ts and first-use-index.test.ts turn them on.
    env: { XDG_RUNTIME_DIR: runtimeDir, TSIFT_DAEMON_AUTOSTART: "0", TSIFT_BACKGROUND_INDEX: "0" },
  },
});

/**
 * A package's test config: the shared one under `name`, plus, for the files in `isolated`
 * (globs from the package root), a second project that gives each such file a fresh process.
 */
export function packageTestConfig(name: string, options: { isolated?: string[]; globalSetup?: string[] } = {}): ViteUserConfig {
  const { isolated = [], globalSetup = [] } = options;
  const test = { ...shared.test, name, globalSetup };
  if (isolated.length === 0) return { ...shared, test };
  // Whole project configs, not `extends: true`: extending would concatenate `include`, and the
  // isolated project would run every file again.
  return {
    ...shared,
    test: {
      projects: [
        { ...shared, test: { ...test, exclude: [...configDefaults.exclude, ...isolated] } },
        { ...shared, test: { ...test, name: `${name}-isolated`, include: isolated, isolate: true } },
      ],
    },
  };
}

export default shared;
