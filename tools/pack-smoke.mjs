#!/usr/bin/env node
// Proves a release from its tarballs, as a user meets it: packs every package and the root
// `tsift`, installs the tarballs into an empty project and checks that
//   - `npm ls --all` is clean and the optional libSQL backend (@tsift/libsql, @libsql/client)
//     and unrelated packages (npm-check-updates) are not installed;
//   - of @tsift/graph's platform packages (native grammars) only this machine's is installed,
//     and no grammar package; it prints what the install weighs (docs/benchmarks/install.md);
//   - the quick start works through `npx tsift` (index a project in every supported
//     language, natively where a platform package matches, symbols, explain, search), and
//     `--backend libsql` says what to install;
//   - `tsift token-savings` and `tsift dci-benchmark` answer in an empty directory from the
//     fixtures @tsift/quality ships;
//   - the README's library example (the first fenced block after `<!-- library-example`)
//     compiles with `strict` and `skipLibCheck: false`, and runs;
//   - after `npm install @tsift/libsql`, a file importing every public entry of every
//     package compiles the same way and runs.
//
//   node tools/pack-smoke.mjs [--keep]     (after a build: `npm run build`)
//
// The install reuses the npm cache; native addons come from their prebuilt binaries. A user's
// install downloads better-sqlite3's from its GitHub release; this machine reaches only the
// npm registry, so the workspace's own build of the same version stands in for that download
// (localPrebuild), instead of a compile from source that would be most of this check's time.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { platformPackagesOf, stagePackage } from "./platform-packages.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const started = Date.now();

// The consumer must not see this workspace's npm settings (legacy-peer-deps would hide
// exactly the peer conflicts this checks), whether they come from .npmrc or, under
// `npm run`, from npm_config_* variables.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key)));
// The quick start's reads would start a daemon that outlives this check by ten minutes.
env.TSIFT_DAEMON_AUTOSTART = "0";

function sh(command, args, cwd, { allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status} in ${cwd}\n${result.stdout.slice(-4000)}${result.stderr.slice(-4000)}`);
  }
  return result;
}

/**
 * Offers prebuild-install (better-sqlite3's install step) this workspace's compiled addon as the
 * prebuilt binary it would download: a tarball under the release asset's name, in a folder named
 * by npm_config_better_sqlite3_local_prebuilds. Skipped, so the install compiles as before,
 * when the workspace has no build of it.
 */
function localPrebuild(dir) {
  const addon = join(repo, "node_modules", "better-sqlite3");
  if (!existsSync(join(addon, "build", "Release", "better_sqlite3.node"))) return false;
  const { version } = readJson(join(addon, "package.json"));
  mkdirSync(dir, { recursive: true });
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  sh("tar", ["-czf", join(dir, asset), "-C", addon, "build/Release/better_sqlite3.node"], repo);
  env.npm_config_better_sqlite3_local_prebuilds = dir;
  return true;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function step(name, fn) {
  const start = Date.now();
  const value = await fn();
  console.log(`pack-smoke: ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  return value;
}

/**
 * Packs every workspace and the root into `dir`, as they are published (tools/platform-packages.mjs:
 * a package with platform packages is packed from a staged copy, and so are they);
 * name -> tarball path, and the platform packages' names with their `os` and `cpu`.
 */
function packAll(dir) {
  // --ignore-scripts: the root's `prepare` would rebuild everything; dist/ is already built.
  const pack = (cwd, args = []) => JSON.parse(sh("npm", ["pack", ...args, "--json", "--ignore-scripts", "--pack-destination", dir], cwd).stdout);
  const reports = [...pack(repo, ["--workspaces"]), ...pack(repo)];
  const platforms = [];
  for (const name of readdirSync(join(repo, "packages")).sort()) {
    const packageDir = join(repo, "packages", name);
    const platformPackages = platformPackagesOf(packageDir);
    if (platformPackages.length === 0) continue;
    for (const pkg of platformPackages) reports.push(...pack(pkg.dir));
    platforms.push(...platformPackages);
    // The staged copy replaces the tarball packed from the workspace (same name and version).
    reports.push(...pack(stagePackage(packageDir, join(dir, "..", `staged-${name}`))));
  }
  return { tarballs: new Map(reports.map((report) => [report.name, join(dir, report.filename)])), platforms };
}

/** Bytes in the files under `dir` (apparent sizes, symlinks not followed). */
function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/** Every library import specifier: each package's `exports` but ./package.json and its bin (importing that runs it). */
function publicEntries() {
  const dirs = [
    repo,
    ...readdirSync(join(repo, "packages"))
      .sort()
      .map((name) => join(repo, "packages", name)),
  ];
  const normalize = (path) => path.replace(/^\.\//, "");
  return dirs.flatMap((dir) => {
    const pkg = readJson(join(dir, "package.json"));
    const bins = new Set(Object.values(typeof pkg.bin === "string" ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {})).map(normalize));
    return (
      Object.entries(pkg.exports ?? { ".": null })
        // `./bin` is the CLI's ES module entry, which its CommonJS bin imports: importing it runs the CLI too.
        .filter(
          ([key, target]) =>
            key !== "./package.json" && key !== "./bin" && !(target && bins.has(normalize(typeof target === "string" ? target : (target.default ?? "")))),
        )
        .map(([key]) => (key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`))
    );
  });
}

/** The README's library example, or a minimal one while the README has none marked. */
export function libraryExample(readme) {
  const marker = readme.indexOf("<!-- library-example");
  if (marker !== -1) {
    const block = /```(?:ts|typescript)\n([^]*?)```/.exec(readme.slice(marker));
    if (block) return { source: block[1], fromReadme: true };
  }
  return {
    fromReadme: false,
    source: [
      'import { indexLocation, updateIndex } from "tsift";',
      'import { openSqliteGraphStore } from "tsift/sqlite";',
      "",
      "const summary = await updateIndex(indexLocation(process.cwd()));",
      "console.log(JSON.stringify(summary).length > 2);",
      'const store = await openSqliteGraphStore(".tsift/smoke-graph.db");',
      "console.log(JSON.stringify(await store.counts()));",
      "await store.close();",
      "",
    ].join("\n"),
  };
}

function writeTsconfig(dir, files) {
  const compilerOptions = {
    strict: true,
    skipLibCheck: false,
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    outDir: "out",
    types: ["node"],
  };
  writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify({ compilerOptions, files }, null, 2)}\n`);
}

function installedPackages(consumer) {
  const parseable = sh("npm", ["ls", "--all", "--parseable"], consumer, { allowFailure: true }).stdout;
  return parseable
    .split("\n")
    .filter(Boolean)
    .map((path) => relative(consumer, path));
}

async function main() {
  const keep = process.argv.includes("--keep");
  for (const dir of [repo, ...readdirSync(join(repo, "packages")).map((name) => join(repo, "packages", name))]) {
    check(existsSync(join(dir, "dist")), `${dir} has no dist/: run \`npm run build\` first`);
  }
  const work = mkdtempSync(join(tmpdir(), "tsift-pack-smoke-"));
  const consumer = join(work, "consumer");
  const project = join(work, "project");
  const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
  try {
    const { tarballs, platforms } = await step("packed every package", () => {
      mkdirSync(join(work, "packs"));
      return packAll(join(work, "packs"));
    });
    const platformNames = new Set(platforms.map((pkg) => pkg.name));
    const here = platforms.find((pkg) => pkg.os.includes(process.platform) && pkg.cpu.includes(process.arch));
    const names = publicEntries().map((entry) =>
      entry
        .split("/")
        .slice(0, entry.startsWith("@") ? 2 : 1)
        .join("/"),
    );
    for (const name of new Set(names)) check(tarballs.has(name), `no tarball for ${name}`);

    // A user installs `tsift`; the @tsift/* tarballs stand in for the registry. @tsift/libsql is
    // left out, as a CLI user would. The platform packages are optional, as @tsift/graph's
    // dependencies on them are: npm skips those whose `os`/`cpu` exclude the machine.
    mkdirSync(consumer);
    const file = (name) => `file:${relative(consumer, tarballs.get(name))}`;
    const entries = (names) => Object.fromEntries(names.sort().map((name) => [name, file(name)]));
    const dependencies = entries([...tarballs.keys()].filter((name) => name !== "@tsift/libsql" && !platformNames.has(name)));
    const optionalDependencies = entries([...platformNames]);
    const typesNode = readJson(join(repo, "package.json")).devDependencies["@types/node"];
    writeFileSync(
      join(consumer, "package.json"),
      `${JSON.stringify({ name: "tsift-pack-smoke", private: true, type: "module", dependencies, optionalDependencies, devDependencies: { "@types/node": typesNode } }, null, 2)}\n`,
    );
    const prebuilt = localPrebuild(join(work, "prebuilds"));
    await step("installed the tarballs", () => sh("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], consumer));
    // The measured size is a user's only if the binary came prebuilt: a compile leaves node-gyp's build tree.
    const compiled = existsSync(join(consumer, "node_modules", "better-sqlite3", "build", "Release", "obj.target"));
    check(!prebuilt || !compiled, "better-sqlite3 was compiled although its prebuilt binary was offered: the install size below is not a user's");
    console.log(`pack-smoke: better-sqlite3 ${compiled ? "compiled from source (the size below includes its build tree)" : "from its prebuilt binary"}`);

    await step("npm ls is clean; no libSQL, no unrelated packages", () => {
      const ls = sh("npm", ["ls", "--all"], consumer, { allowFailure: true });
      check(ls.status === 0, `npm ls --all exited ${ls.status}:\n${ls.stdout.slice(-6000)}${ls.stderr.slice(-3000)}`);
      const installed = installedPackages(consumer);
      for (const unwanted of ["@tsift/libsql", "@libsql/client", "libsql", "npm-check-updates"]) {
        const found = installed.filter((path) => path === `node_modules/${unwanted}` || path.endsWith(`/node_modules/${unwanted}`));
        check(found.length === 0, `${unwanted} is installed for a CLI user: ${found.join(", ")}`);
      }
      // The grammars come from one platform package, not from the grammar packages (every platform's binaries and their C sources).
      const grammarPackages = installed.filter((path) => /(^|\/)node_modules\/(@[^/]+\/)?tree-sitter-[^/]+$/.test(path));
      check(grammarPackages.length === 0, `grammar packages are installed: ${grammarPackages.join(", ")}`);
      const platformsInstalled = [...platformNames].filter((name) => existsSync(join(consumer, "node_modules", name)));
      check(
        platformsInstalled.join() === (here?.name ?? ""),
        `platform packages installed: ${platformsInstalled.join(", ") || "none"}; wanted ${here?.name ?? "none"}`,
      );
    });

    await step("measured the install", () => {
      // The figure docs/benchmarks/install.md tracks (target: 80 MB), with the heaviest packages.
      const modules = join(consumer, "node_modules");
      const packages = readdirSync(modules)
        .filter((name) => !name.startsWith("."))
        .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name]))
        .map((name) => ({ name, bytes: treeBytes(join(modules, name)) }))
        .sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
      const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
      console.log(`pack-smoke: node_modules holds ${mb(treeBytes(modules))} in ${packages.length} packages (apparent sizes); the heaviest:`);
      for (const { name, bytes } of packages.slice(0, 12)) console.log(`pack-smoke:   ${mb(bytes).padStart(8)}  ${name}`);
    });

    cpSync(join(repo, "fixtures", "languages"), project, { recursive: true, filter: (path) => !path.endsWith("expected.json") });
    // The README's library example looks up parseConfig, as in tsift's own tree.
    mkdirSync(join(project, "src"));
    writeFileSync(
      join(project, "src", "config.ts"),
      [
        "export interface Config { root: string }",
        "export function parseConfig(text: string): Config {",
        "  return { root: text.trim() };",
        "}",
        "export function loadConfig(text: string): Config {",
        "  return parseConfig(text);",
        "}",
        "",
      ].join("\n"),
    );
    const tsift = (args, options) => sh("npx", ["--no-install", "tsift", ...args], consumer, options);
    await step("quick start through npx tsift", () => {
      const indexed = tsift(["index", project]);
      // With this machine's platform package every language parses natively: no fallback notice.
      if (here) check(!indexed.stderr.includes("WebAssembly"), `tsift index fell back to WebAssembly: ${indexed.stderr.slice(0, 1000)}`);
      const symbols = JSON.parse(tsift(["symbols", "--path", project, "--limit", "0", "--json"]).stdout);
      const languages = new Set(symbols.symbols.map((symbol) => symbol.language));
      const wanted = readdirSync(join(repo, "fixtures", "languages"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      for (const language of wanted) check(languages.has(language), `no ${language} symbols indexed (grammar did not load?): ${[...languages].join(", ")}`);
      const found = JSON.parse(tsift(["symbols", "OrderService", "--path", project, "--json"]).stdout);
      const pythonService = found.symbols.find((symbol) => symbol.name === "OrderService" && symbol.file === "python/service.py");
      check(pythonService !== undefined, `symbols OrderService: ${JSON.stringify(found)}`);
      // Several fixture languages define an OrderService; file:name picks exactly one.
      const explained = JSON.parse(tsift(["explain", "python/service.py:OrderService", "--path", project, "--json"]).stdout);
      check(explained.definitions?.length > 0, `explain OrderService: ${JSON.stringify(explained).slice(0, 500)}`);
      const searched = JSON.parse(tsift(["search", "order service cache", "--path", project, "--json"]).stdout);
      check(searched.hits.length > 0 && searched.symbols.length > 0, `search: ${JSON.stringify(searched).slice(0, 500)}`);
      // refresh opens the store, so it needs the backend's package.
      const libsql = tsift(["graph-db", "--backend", "libsql", "refresh", project], { allowFailure: true });
      check(
        libsql.status !== 0 && libsql.stderr.includes("npm install @tsift/libsql"),
        `--backend libsql without @tsift/libsql: exit ${libsql.status}, ${libsql.stderr}`,
      );
    });

    await step("shipped benchmarks answer in an empty directory", () => {
      const empty = join(work, "empty");
      mkdirSync(empty);
      const bin = join(consumer, "node_modules", ".bin", "tsift");
      const savings = JSON.parse(sh(bin, ["token-savings", "--json"], empty).stdout);
      check(
        savings.fixture === "@tsift/quality/data/token-savings.json" && savings.summary.cases > 0,
        `token-savings: ${JSON.stringify(savings.summary ?? savings).slice(0, 500)}`,
      );
      const dci = JSON.parse(sh(bin, ["dci-benchmark", "--json"], empty).stdout);
      check(dci.tasks > 0 && dci.lanes.length > 0, `dci-benchmark: ${JSON.stringify(dci).slice(0, 500)}`);
    });

    const example = libraryExample(readFileSync(join(repo, "README.md"), "utf8"));
    await step(`library example ${example.fromReadme ? "from the README" : "(none marked in the README yet: a minimal one)"} compiles and runs`, () => {
      writeFileSync(join(consumer, "example.ts"), example.source);
      writeTsconfig(consumer, ["example.ts"]);
      sh(process.execPath, [tsc, "-p", "tsconfig.json"], consumer);
      // Run where a user would, in the indexed project; `tsift` resolves from the consumer.
      sh(process.execPath, [join(consumer, "out", "example.js")], project);
    });

    await step("with @tsift/libsql: every public entry compiles (skipLibCheck off) and loads", () => {
      sh("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", file("@tsift/libsql")], consumer);
      const ls = sh("npm", ["ls", "--all"], consumer, { allowFailure: true });
      check(ls.status === 0, `npm ls --all with @tsift/libsql exited ${ls.status}:\n${ls.stdout.slice(-6000)}`);
      const entries = publicEntries();
      const source = [
        ...entries.map((entry, i) => `import * as entry${i} from "${entry}";`),
        "",
        `const loaded: Record<string, number> = {`,
        ...entries.map((entry, i) => `  "${entry}": Object.keys(entry${i}).length,`),
        "};",
        "console.log(JSON.stringify(loaded));",
        "",
      ].join("\n");
      writeFileSync(join(consumer, "entries.ts"), source);
      writeTsconfig(consumer, ["entries.ts"]);
      sh(process.execPath, [tsc, "-p", "tsconfig.json"], consumer);
      const loaded = JSON.parse(sh(process.execPath, [join(consumer, "out", "entries.js")], consumer).stdout);
      for (const entry of entries) check(loaded[entry] > 0, `${entry} exports nothing`);
    });
  } finally {
    if (keep) console.log(`pack-smoke: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  console.log(`pack-smoke: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`pack-smoke: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
