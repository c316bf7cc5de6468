import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Vitest 4 on Vite 7 resolves custom export conditions for Node tests only through
// ssr.resolve.conditions; keeping the defaults after ours preserves "node"/"import".
export default defineConfig({
  ssr: {
    resolve: {
      conditions: ["@tsift/source", ...defaultServerConditions],
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["dot"] : ["default"],
  },
});
