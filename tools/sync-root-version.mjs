#!/usr/bin/env node
// Changesets versions the @tsift/* workspaces but not the workspace root, which is the
// published `tsift` package. Copy @tsift/cli's version to the root and pin the root's and
// every package's internal dependency ranges to it, so all of them release in lockstep.
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
      const wanted = `^${version}`;
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
