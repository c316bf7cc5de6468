import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { build, type Plugin } from "esbuild";
import { packageBuild } from "../../tsup.shared";

/**
 * The graph read commands (graph, explain, path, communities, analyze, symbols) start from
 * one self-contained file, dist/read-fast.js: the lean read side of @tsift/index with
 * @tsift/sqlite and @tsift/core inlined and tree-shaken. Loaded as ~40 separate ESM
 * modules (all of @tsift/core among them) that read side cost these commands about as
 * much CPU as their query; as one file it costs a fraction. Only what they import lazily
 * for a cache miss or a refresh (`@tsift/index`, `@tsift/index/indexer`) stays external.
 * bin.ts's `import("./graph-cmd/read-fast-path")` is pointed at that file below.
 */
const READ_FAST = "read-fast.js";
const LAZY_ENTRIES = new Set(["@tsift/index", "@tsift/index/indexer"]);

const readFastImport: Plugin = {
  name: "read-fast-import",
  setup(build) {
    build.onResolve({ filter: /\/graph-cmd\/read-fast-path$/ }, () => ({ path: `./${READ_FAST}`, external: true }));
  },
};

/** The package name owning a file, by its nearest package.json. */
function packageOf(file: string, names: Map<string, string | null>): string | null {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (!names.has(dir)) names.set(dir, existsSync(join(dir, "package.json")) ? (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name ?? null : null);
    const name = names.get(dir);
    if (name) return name;
  }
  return null;
}

const readFastBundle: Plugin = {
  name: "read-fast-bundle",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("node:") || builtinModules.includes(args.path) || LAZY_ENTRIES.has(args.path) ? { path: args.path, external: true } : undefined,
    );
    // Inlined @tsift code loads CommonJS dependencies (better-sqlite3, ignore) with
    // createRequire(import.meta.url); from this file that would resolve them as the CLI's
    // dependencies, so it resolves them from their own package, as unbundled.
    const names = new Map<string, string | null>();
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const name = packageOf(args.path, names);
      if (!name?.startsWith("@tsift/")) return undefined;
      const text = readFileSync(args.path, "utf8");
      return { contents: text.replaceAll("createRequire(import.meta.url)", `createRequire(import.meta.resolve(${JSON.stringify(`${name}/package.json`)}))`), loader: "js" };
    });
  },
};

async function buildReadFast(): Promise<void> {
  const result = await build({
    entryPoints: ["src/graph-cmd/read-fast-path.ts"],
    outfile: `dist/${READ_FAST}`,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "warning",
    logOverride: { "ignored-bare-import": "silent" },
    plugins: [readFastBundle],
  });
  for (const output of Object.values(result.metafile.outputs)) {
    const eager = output.imports.filter((entry) => entry.kind !== "dynamic-import" && !entry.path.startsWith("node:") && !builtinModules.includes(entry.path));
    if (eager.length > 0 || readFileSync(`dist/${READ_FAST}`, "utf8").includes("import.meta.url")) throw new Error(`${READ_FAST} must be self-contained: ${eager.map((entry) => entry.path).join(", ")}`);
  }
}

// Splitting keeps lazily imported command code (and the storage drivers it pulls in)
// out of the startup chunk, so `tsift --help` stays fast.
// The graph refresh worker is its own entry: a worker thread starts from a file, found
// beside the bundle as ./refresh-worker.js.
export default packageBuild(
  { index: "src/index.ts", bin: "src/bin.ts", "refresh-worker": "src/graph-db/refresh-worker.ts" },
  { splitting: true, esbuildPlugins: [readFastImport], onSuccess: buildReadFast },
);
