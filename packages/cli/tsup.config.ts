import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { build, type Plugin } from "esbuild";
import { packageBuild } from "../../tsup.shared";

/**
 * The yargs-free fast paths each start from one self-contained file: the CLI code of the
 * path with the parts of @tsift/core, @tsift/sqlite, @tsift/index and @tsift/search it
 * uses inlined (and tree-shaken where imported statically). Loaded as 35-45 separate ESM
 * modules, that code cost these commands about as much CPU as their work; as one file
 * it costs a fraction. bin.ts's `import("./<source>")` of each is pointed at its file.
 *
 * What a path needs only sometimes stays out of its file, so the file does not grow
 * start-up cost:
 * - `lazy`: packages the path's own code imports dynamically (a cache miss, another
 *   backend) load as themselves, from the CLI's dependencies;
 * - an inlined @tsift package's dynamic imports of other packages (@tsift/graph's parsers
 *   behind the index updater, @tsift/algorithms behind search) and of its heavy chunks
 *   (`PACKAGE_LAZY_CHUNKS`: the index updater) stay runtime imports of the package's own
 *   files, resolved from where the package is installed, as do its
 *   `import.meta.url`-relative files (its workers, and the CommonJS dependencies it loads
 *   with `createRequire`). Its other lazy chunks (the TOML config parser) are inlined:
 *   loaded on their own they would bring a second copy of @tsift/core.
 */
interface FastPathBundle {
  /** Module under src/, as bin.ts imports it. */
  readonly source: string;
  /** The bundle's file name in dist/. */
  readonly out: string;
  /** Dependencies of @tsift/cli the path imports dynamically and must not inline. */
  readonly lazy: readonly string[];
  /** The path updates a stale index itself before it reads (search), so the updater is part of it. */
  readonly updatesIndex?: true;
}

const FAST_PATHS: readonly FastPathBundle[] = [
  { source: "graph-cmd/read-fast-path", out: "read-fast.js", lazy: ["@tsift/index", "@tsift/index/indexer"] },
  { source: "graph-db/graph-db-fast-path", out: "graph-db-fast.js", lazy: ["@tsift/libsql", "@tsift/quality"] },
  { source: "search-cmd/search-fast-path", out: "search-fast.js", lazy: [], updatesIndex: true },
];

/** Lazy chunks of inlined packages kept out of the bundles (the index updater, ~55 KB). */
const PACKAGE_LAZY_CHUNKS = [/^\.\/update-index-[\w-]+\.js$/];

const CLI_DEPENDENCIES = new Set(Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> }).dependencies));

const fastPathImports: Plugin = {
  name: "fast-path-imports",
  setup(build) {
    for (const { source, out } of FAST_PATHS) {
      const filter = new RegExp(`/${source.replaceAll("/", "\\/").replaceAll(".", "\\.")}$`);
      build.onResolve({ filter }, () => ({ path: `./${out}`, external: true }));
    }
  },
};

/**
 * Where an inlined package's file really is, for what it resolves at run time. A package
 * is found as its importer finds it, from a dependency of @tsift/cli down (`chain`, fixed
 * at build time): `import.meta.resolve` from the bundle for the first, then each from
 * the one before, so a package that is not the CLI's own dependency is found too.
 */
const ORIGIN_MODULE = `
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const roots = new Map();
export function packageFileUrl(chain, file) {
  let root = roots.get(chain);
  if (root === undefined) {
    const [first, ...rest] = chain.split(" ");
    root = import.meta.resolve(first + "/package.json");
    for (const name of rest) root = pathToFileURL(createRequire(root).resolve(name + "/package.json")).href;
    roots.set(chain, root);
  }
  return new URL(file, root).href;
}
export function importFromPackageFile(chain, file, specifier) {
  const from = packageFileUrl(chain, file);
  return specifier.startsWith(".") ? new URL(specifier, from).href : pathToFileURL(createRequire(from).resolve(specifier)).href;
}
`;
const ORIGIN = "tsift-fast-path:origin";

interface PackageRoot {
  readonly name: string;
  readonly dir: string;
}

/** The package owning a file, by its nearest package.json. */
function packageOf(file: string, roots: Map<string, PackageRoot | null>): PackageRoot | null {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (!roots.has(dir)) {
      const name = existsSync(join(dir, "package.json")) ? (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name : undefined;
      roots.set(dir, name ? { name, dir } : null);
    }
    const root = roots.get(dir);
    if (root) return root;
  }
  return null;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  return specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

/** Rewrites an inlined @tsift file's run-time resolution to its installed location. */
function anchorToPackage(text: string, chain: () => string, root: PackageRoot, file: string): string {
  const at = (): string => `${JSON.stringify(chain())}, ${JSON.stringify(`./${relative(root.dir, file).replaceAll("\\", "/")}`)}`;
  const anchored = text
    .replaceAll("import.meta.url", () => `__fastPathFileUrl(${at()})`)
    .replace(/\bimport\("([^"]+)"\)/g, (call, specifier: string) => {
      if (specifier.startsWith(".")) return PACKAGE_LAZY_CHUNKS.some((pattern) => pattern.test(specifier)) ? `import(__fastPathImport(${at()}, ${JSON.stringify(specifier)}))` : call;
      if (!specifier.startsWith("@tsift/")) throw new Error(`${file}: lazy import of ${specifier} is not a @tsift package`);
      return `import(__fastPathImport(${at()}, ${JSON.stringify(specifier)}))`;
    });
  if (anchored === text) return text;
  return `import { packageFileUrl as __fastPathFileUrl, importFromPackageFile as __fastPathImport } from ${JSON.stringify(ORIGIN)};\n${anchored}`;
}

function fastPathBundle(entry: FastPathBundle): Plugin {
  const lazy = new Set(entry.lazy);
  return {
    name: "fast-path-bundle",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ORIGIN}$`) }, () => ({ path: ORIGIN, namespace: ORIGIN }));
      build.onLoad({ filter: /.*/, namespace: ORIGIN }, () => ({ contents: ORIGIN_MODULE, loader: "js" }));
      const roots = new Map<string, PackageRoot | null>();
      // The package that first imported each package: how the bundle finds it at run time.
      const importers = new Map<string, string>();
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("node:") || builtinModules.includes(args.path)) return { path: args.path, external: true };
        if (lazy.has(args.path) && args.kind === "dynamic-import") return { path: args.path, external: true };
        const importer = packageOf(args.importer, roots)?.name;
        const target = packageName(args.path);
        if (importer && importer !== target && !importers.has(target)) importers.set(target, importer);
        return undefined;
      });
      const chainOf = (name: string): string => {
        const chain = [name];
        while (!CLI_DEPENDENCIES.has(chain[0]!)) {
          const importer = importers.get(chain[0]!);
          if (!importer || chain.includes(importer)) throw new Error(`${entry.out}: ${name} is not reached through a dependency of @tsift/cli`);
          chain.unshift(importer);
        }
        return chain.join(" ");
      };
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const root = packageOf(args.path, roots);
        if (!root?.name.startsWith("@tsift/")) return undefined;
        const text = readFileSync(args.path, "utf8");
        return { contents: anchorToPackage(text, () => chainOf(root.name), root, args.path), loader: "js" };
      });
    },
  };
}

/**
 * Self-contained: nothing but built-ins loads eagerly, and the only files found beside
 * the bundle (the CLI's own `new URL("./x.js", import.meta.url)`, e.g. the graph refresh
 * worker) are there.
 */
function checkSelfContained(entry: FastPathBundle, imports: readonly { path: string; kind: string }[]): void {
  const problems = imports.filter((item) => item.kind !== "dynamic-import" && !item.path.startsWith("node:") && !builtinModules.includes(item.path)).map((item) => `eager import of ${item.path}`);
  const text = readFileSync(`dist/${entry.out}`, "utf8");
  const beside = [...text.matchAll(/new URL\("\.\/([^"/]+)", import\.meta\.url\)/g)].map((match) => match[1]!);
  for (const file of beside) if (!existsSync(`dist/${file}`)) problems.push(`./${file} is not in dist/`);
  if (text.split("import.meta.url").length - 1 !== beside.length) problems.push("import.meta.url used other than for a file beside the bundle");
  // PACKAGE_LAZY_CHUNKS matches the updater by chunk name: if that name changes, the updater would be inlined silently.
  if (!entry.updatesIndex && text.includes("SAVEPOINT tsift_index_update")) problems.push("the index updater is inlined (does PACKAGE_LAZY_CHUNKS still match its chunk?)");
  if (problems.length > 0) throw new Error(`${entry.out} must be self-contained: ${problems.join("; ")}`);
}

async function buildFastPath(entry: FastPathBundle): Promise<void> {
  // A lazy import loads from the bundle's location, so only the CLI's own dependencies.
  const unresolvable = entry.lazy.filter((specifier) => !CLI_DEPENDENCIES.has(packageName(specifier)));
  if (unresolvable.length > 0) throw new Error(`${entry.out}: lazy ${unresolvable.join(", ")} must be dependencies of @tsift/cli`);
  const result = await build({
    entryPoints: [`src/${entry.source}.ts`],
    outfile: `dist/${entry.out}`,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "warning",
    logOverride: { "ignored-bare-import": "silent" },
    plugins: [fastPathBundle(entry)],
  });
  for (const output of Object.values(result.metafile.outputs)) checkSelfContained(entry, output.imports);
}

// Splitting keeps lazily imported command code (and the storage drivers it pulls in)
// out of the startup chunk, so `tsift --help` stays fast.
// The graph refresh worker is its own entry: a worker thread starts from a file, found
// beside the graph-db bundle (and the chunk) as ./refresh-worker.js.
export default packageBuild(
  { index: "src/index.ts", bin: "src/bin.ts", "refresh-worker": "src/graph-db/refresh-worker.ts" },
  { splitting: true, esbuildPlugins: [fastPathImports], onSuccess: async () => void (await Promise.all(FAST_PATHS.map(buildFastPath))) },
);
