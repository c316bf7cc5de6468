#!/usr/bin/env node
// Changesets versions the @tsift/* workspaces but not the workspace root, which is the
// published `tsift` package. Copy @tsift/cli's version to the root and pin the root's and
// every package's internal dependency ranges to it, so all of them release in lockstep.
//
// A workspace package's peer range on another @tsift package (@tsift/cli's optional peer
// @tsift/libsql) runs from this version to the next major: `>=0.2.0 <1.0.0`, which is `^V`
// from 1.0.0 on. changesets turns a dependent of a peer that leaves its range into a major
// release (and the `fixed` group then releases everything as one), so `^0.1.0` would make
// any minor release 1.0.0; with `onlyUpdatePeerDependentsWhenOutOfRange` in
// .changeset/config.json, a minor stays a minor. The root `tsift`, which changesets does not
// see, keeps its peer at `^V`: a consumer of `tsift` still gets the libsql of its release.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// --root <dir>: sync another checkout (tests run the version step on a scratch copy).
const rootAt = process.argv.indexOf("--root");
const root = rootAt === -1 ? fileURLToPath(new URL("..", import.meta.url)) : resolve(process.argv[rootAt + 1] ?? ".");
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

const version = readJson(join(root, "packages", "cli", "package.json")).version;
const check = process.argv.includes("--check");
const drift = [];

/** `^V`, or for a workspace package's peer in 0.x, `>=V <1.0.0`. */
function wantedRange(path, field) {
  const [major] = version.split(".");
  if (field !== "peerDependencies" || path === join(root, "package.json") || major !== "0") return `^${version}`;
  return `>=${version} <1.0.0`;
}

function sync(path) {
  const pkg = readJson(path);
  let changed = false;
  if (path === join(root, "package.json") && pkg.version !== version) {
    drift.push(`${pkg.name}: version ${pkg.version} -> ${version}`);
    pkg.version = version;
    changed = true;
  }
  for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
    for (const name of Object.keys(pkg[field] ?? {})) {
      if (!name.startsWith("@tsift/")) continue;
      const wanted = wantedRange(path, field);
      if (pkg[field][name] !== wanted) {
        drift.push(`${pkg.name}: ${field}.${name} ${pkg[field][name]} -> ${wanted}`);
        pkg[field][name] = wanted;
        changed = true;
      }
    }
  }
  if (changed && !check) writeJson(path, pkg);
}

sync(join(root, "package.json"));
for (const dir of readdirSync(join(root, "packages")).sort())
  if (existsSync(join(root, "packages", dir, "package.json"))) sync(join(root, "packages", dir, "package.json"));

if (check && drift.length > 0) {
  console.error(`versions drift from @tsift/cli ${version}:\n  ${drift.join("\n  ")}\nrun: node tools/sync-root-version.mjs`);
  process.exit(1);
}
console.log(drift.length === 0 ? `all packages at ${version}` : `synced to ${version}:\n  ${drift.join("\n  ")}`);
