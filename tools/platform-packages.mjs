// Packages that ship per-platform native binaries as separate npm packages (@tsift/graph's
// grammars): the package's build writes one package per platform into the folder its
// manifest names under `tsift.platformPackages`, each with `os` and `cpu`, and the package is
// packed and published with an optionalDependency on each, at its own version, so npm
// installs only the one that matches the machine.
//
// The platform packages are not workspace members, and the package's own package.json does
// not name them: npm refuses a workspace member whose `os` or `cpu` excludes the machine
// (EBADPLATFORM), and `npm ci` refuses a workspace whose dependencies the lockfile cannot
// resolve, so both are added here, to a staged copy, when packing (tools/pack-smoke.mjs) and
// publishing (tools/release.mjs).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The platform packages a package's build wrote ([] for a package that declares none): name, version, dir, os, cpu. */
export function platformPackagesOf(dir) {
  const { version, tsift } = readJson(join(dir, "package.json"));
  const folder = tsift?.platformPackages;
  if (!folder) return [];
  const root = join(dir, folder);
  const dirs = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "package.json"))) : [];
  if (dirs.length === 0) throw new Error(`${dir} declares platform packages in ${folder}, but there are none: build it first`);
  return dirs.sort().map((name) => {
    const manifest = readJson(join(root, name, "package.json"));
    // Built before a version bump: publishing them would pin the new release to old binaries.
    if (manifest.version !== version) throw new Error(`${manifest.name} is at ${manifest.version}, its package at ${version}: build it again`);
    return { name: manifest.name, version: manifest.version, dir: join(root, name), os: manifest.os, cpu: manifest.cpu };
  });
}

/** The manifest as published: an exact optionalDependency on each platform package, and no `tsift` build field. */
export function publishedManifest(manifest, platformPackages) {
  const { tsift: _build, ...published } = manifest;
  const optional = { ...(manifest.optionalDependencies ?? {}) };
  for (const pkg of platformPackages) optional[pkg.name] = pkg.version;
  published.optionalDependencies = Object.fromEntries(Object.entries(optional).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return published;
}

/**
 * The folder to pack or publish a package from: its own for a package without platform
 * packages, else a copy of exactly the files npm would pack, in `into`, with the published
 * manifest.
 */
export function stagePackage(dir, into) {
  const platformPackages = platformPackagesOf(dir);
  if (platformPackages.length === 0) return dir;
  const listed = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`npm pack --dry-run failed in ${dir}:\n${listed.stderr}`);
  const [report] = JSON.parse(listed.stdout);
  for (const { path } of report.files) {
    mkdirSync(dirname(join(into, path)), { recursive: true });
    cpSync(join(dir, path), join(into, path));
  }
  writeFileSync(join(into, "package.json"), `${JSON.stringify(publishedManifest(readJson(join(dir, "package.json")), platformPackages), null, 2)}\n`);
  return into;
}
