import { defineConfig, mergeConfig } from "vitest/config";
import shared from "./vitest.shared";

// The root project tests only the published `tsift` package and workspace-wide rules;
// each package runs its own suite.
export default mergeConfig(shared, defineConfig({ test: { name: "tsift", include: ["test/**/*.test.ts"] } }));
