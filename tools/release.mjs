#!/usr/bin/env node
// Publishes every workspace package and the root `tsift` package, dependencies first; a
// package with platform packages (@tsift/graph's native grammars, tools/platform-packages.mjs)
// goes out after them, from a staged copy that names them.
// `changeset publish` finds packages through manypkg, which never lists a workspace root,
// so the package users actually run (`npx tsift`) would be left unpublished.
//
//   npm run release                     build, then publish what the registry lacks
//   npm run release -- --dry-run        the same with `npm publish --dry-run`
//   npm run release -- --plan           print what would be published, in order; run no npm
//
// Options: --dry-run; --plan; --no-build (dist/ is already built); --tag <dist-tag>;
// --assume-unpublished (skip the registry look-up, e.g. offline dry runs);
// --published <name@version,...> (treat these as on the registry; for tests).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { platformPackagesOf, stagePackage } from "./platform-packages.mjs";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const DEPENDENCY_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies"];

/** The root package and every workspace under packages/, with the internal packages each needs. */
export function loadPackages(root) {
  const dirs = [
    root,
    ...readdirSync(join(root, "packages"))
      .map((name) => join(root, "packages", name))
      .filter((dir) => existsSync(join(dir, "package.json"))),
  ];
  const packages = dirs.map((dir) => ({ dir, manifest: readJson(join(dir, "package.json")) }));
  const names = new Set(packages.map((pkg) => pkg.manifest.name));
  return packages
    .filter((pkg) => !pkg.manifest.private)
    .map(({ dir, manifest }) => ({
      name: manifest.name,
      version: manifest.version,
      dir,
      needs: [
        ...new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {})).filter((name) => names.has(name) && name !== manifest.name)),
      ].sort(),
    }));
}

/**
 * Dependencies before dependents (Kahn's algorithm). Among packages that are ready at the
 * same time the name decides, so the order is the same on every run.
 */
export function publishOrder(packages) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const done = new Set();
  const order = [];
  while (order.length < packages.length) {
    const ready = packages.filter((pkg) => !done.has(pkg.name) && pkg.needs.every((name) => done.has(name) || !byName.has(name)));
    if (ready.length === 0) {
      const stuck = packages.filter((pkg) => !done.has(pkg.name)).map((pkg) => pkg.name);
      throw new Error(`dependency cycle among ${stuck.join(", ")}`);
    }
    const next = ready.map((pkg) => pkg.name).sort()[0];
    done.add(next);
    order.push(byName.get(next));
  }
  return order;
}

/** Whether name@version is on the registry; anything but a clean answer or a 404 stops the release. */
function isPublished(name, version) {
  const result = spawnSync("npm", ["view", `${name}@${version}`, "version", "--json"], { encoding: "utf8" });
  if (result.status === 0) return result.stdout.trim() !== "";
  if (/E404|404 Not Found/.test(result.stderr)) return false;
  throw new Error(`npm view ${name}@${version} failed:\n${result.stderr.trim()}`);
}

function parseArgs(argv) {
  const options = { dryRun: false, plan: false, build: true, tag: undefined, assumeUnpublished: false, published: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--plan") options.plan = true;
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--assume-unpublished") options.assumeUnpublished = true;
    else if (arg === "--tag") options.tag = argv[++i];
    else if (arg === "--published") for (const id of (argv[++i] ?? "").split(",").filter(Boolean)) options.published.add(id);
    else throw new Error(`unknown option ${arg} (see the header of tools/release.mjs)`);
  }
  if (options.tag === "") throw new Error("--tag needs a dist-tag");
  return options;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
  return result;
}

function main() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const options = parseArgs(process.argv.slice(2));
  // Lockstep is the contract: never publish a set whose versions or internal ranges drift.
  run(process.execPath, [join(root, "tools", "sync-root-version.mjs"), "--check"], root);
  const order = publishOrder(loadPackages(root));
  if (options.build && !options.plan) run("npm", ["run", "build"], root);
  const staging = mkdtempSync(join(tmpdir(), "tsift-release-"));
  try {
    for (const pkg of order) {
      // A package's platform packages first, so no install of it ever misses one.
      for (const platform of platformPackagesOf(pkg.dir)) publish(platform, () => platform.dir, options);
      publish(pkg, () => stagePackage(pkg.dir, join(staging, pkg.name)), options);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Publishes name@version from the folder `dirOf` gives, unless the registry (or --published) already has it. */
function publish(pkg, dirOf, options) {
  const id = `${pkg.name}@${pkg.version}`;
  if (options.published.has(id) || (!options.assumeUnpublished && isPublished(pkg.name, pkg.version))) {
    console.log(`skip ${id} (already on the registry)`);
    return;
  }
  if (options.plan) {
    console.log(`would publish ${id}`);
    return;
  }
  // --ignore-scripts: the build above already ran; the root's `prepare` would rebuild everything per package.
  const args = ["publish", "--ignore-scripts", "--access", "public", ...(options.tag ? ["--tag", options.tag] : []), ...(options.dryRun ? ["--dry-run"] : [])];
  run("npm", args, dirOf());
  console.log(`${options.dryRun ? "would publish" : "published"} ${id}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main();
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
