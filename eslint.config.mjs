import nx from "@nx/eslint-plugin";
import prettierOff from "eslint-config-prettier/flat";
import tseslint from "typescript-eslint";

/**
 * Layering from docs/architecture.md, enforced: a package may import only packages listed before it
 * (core, sqlite, libsql, graph, algorithms, index, quality, digest, search, cli, root),
 * and only those the design allows. Nothing imports the root `tsift` package.
 */
const layers = {
  core: [],
  sqlite: ["core"],
  libsql: ["core"],
  graph: ["core"],
  algorithms: ["core"],
  index: ["core", "sqlite", "graph", "algorithms"],
  quality: ["core", "sqlite", "graph", "algorithms", "index"],
  digest: ["core", "sqlite", "graph", "algorithms", "index", "quality"],
  search: ["core", "sqlite", "graph", "algorithms", "index", "quality", "digest"],
  cli: ["core", "sqlite", "libsql", "graph", "algorithms", "index", "quality", "digest", "search"],
  root: ["core", "sqlite", "libsql", "graph", "algorithms", "index", "quality", "digest", "search", "cli"],
};

export const depConstraints = Object.entries(layers).map(([layer, allowed]) => ({
  sourceTag: `layer:${layer}`,
  onlyDependOnLibsWithTags: [`layer:${layer}`, ...allowed.map((name) => `layer:${name}`)],
  // libSQL takes the shared DDL from core and must never pull in the better-sqlite3 driver;
  // only the CLI parses argv.
  bannedExternalImports: [...(layer === "libsql" ? ["better-sqlite3"] : []), ...(layer === "cli" || layer === "root" ? [] : ["yargs", "yargs/*"])],
}));

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/.nx/**", "**/.tsift/**", "fixtures/**", "**/coverage/**", "tmp/**"],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.mts", "**/*.js", "**/*.mjs"],
    plugins: { "@nx": nx },
    rules: {
      "@nx/enforce-module-boundaries": [
        "error",
        {
          enforceBuildableLibDependency: false,
          allowCircularSelfDependency: false,
          checkDynamicDependenciesExceptions: [],
          depConstraints,
        },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Typed rules, on shipped code only (each file type-checked through its package's
    // tsconfig): a promise nobody awaits loses its rejection, and one passed where a
    // callback's result is ignored (an event handler, a forEach) does the same.
    // `project: true` (the nearest tsconfig.json) rather than the project service: the same
    // program, built once per package's lint, 193 s of CPU for all of them against 208 s.
    files: ["packages/*/src/**/*.ts", "src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    languageOptions: { parserOptions: { project: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Build and test configs share the workspace recipe on purpose; they are not package code.
    files: ["**/tsup.config.ts", "**/vitest.config.ts", "*.ts"],
    rules: { "@nx/enforce-module-boundaries": "off" },
  },
  {
    files: ["tools/**/*.mjs", "bin/**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // bin/ is CommonJS (bin/package.json): the published bin starts without the ES module loader.
    files: ["bin/**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Prettier owns layout (checked by the root lint target); no lint rule may argue with it.
  prettierOff,
);
