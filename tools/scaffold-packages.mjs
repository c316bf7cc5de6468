// One-off scaffold kept for adding packages consistently: node tools/scaffold-packages.mjs <name> "<description>" <deps,comma>
import { mkdirSync, writeFileSync, existsSync, copyFileSync } from "node:fs";
import { join } from "node:path";

const [name, description, depList = ""] = process.argv.slice(2);
if (!name || !description) {
  console.error('usage: node tools/scaffold-packages.mjs <name> "<description>" [dep,dep]');
  process.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const dir = join(root, "packages", name);
const version = JSON.parse(await (await import("node:fs/promises")).readFile(join(root, "package.json"), "utf8")).version;
mkdirSync(join(dir, "src"), { recursive: true });
const deps = Object.fromEntries(
  depList
    .split(",")
    .filter(Boolean)
    .map((d) => [`@tsift/${d}`, `^${version}`]),
);
const pkg = {
  name: `@tsift/${name}`,
  version,
  description,
  license: "MIT",
  type: "module",
  engines: { node: ">=20.19" },
  sideEffects: false,
  exports: {
    ".": { "@tsift/source": "./src/index.ts", types: "./dist/index.d.ts", default: "./dist/index.js" },
    "./package.json": "./package.json",
  },
  main: "./dist/index.js",
  types: "./dist/index.d.ts",
  files: ["dist", "!dist/**/*.map"],
  scripts: { build: "tsup", test: "vitest run", typecheck: "tsc -p tsconfig.json --noEmit", lint: "eslint ." },
  dependencies: deps,
  repository: { type: "git", url: "git+https://github.com/tsift/tsift.git", directory: `packages/${name}` },
  publishConfig: { access: "public" },
  nx: { tags: [`layer:${name}`] },
};
if (!existsSync(join(dir, "package.json"))) writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src", "test", "*.ts"] }, null, 2) + "\n");
writeFileSync(join(dir, "tsup.config.ts"), `import { packageBuild } from "../../tsup.shared";\n\nexport default packageBuild({ index: "src/index.ts" });\n`);
writeFileSync(
  join(dir, "vitest.config.ts"),
  `import { defineConfig, mergeConfig } from "vitest/config";\nimport shared from "../../vitest.shared";\n\nexport default mergeConfig(shared, defineConfig({ test: { name: "${name}" } }));\n`,
);
copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
console.log(`scaffolded packages/${name}`);
