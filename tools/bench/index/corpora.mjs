/**
 * The benchmark corpora, prepared once in the scratch dir and reused while they still
 * match (the same package version, the same source files):
 *
 *   effect  — `effect@4.1.0`'s shipped `src/` (TypeScript), installed from the npm registry
 *   stdlib  — json, email, asyncio, http, logging and unittest from this machine's python3
 *
 * Each tool gets its own copy of a corpus for every run (tools write their index into the
 * tree: .tsift/, .codegraph/), so no tool ever sees another's files.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const EFFECT_VERSION = "4.1.0";
export const STDLIB_PACKAGES = ["json", "email", "asyncio", "http", "logging", "unittest"];
const SKIP_DIRS = new Set(["__pycache__", "node_modules"]);

function log(message) {
  process.stderr.write(`[corpora] ${message}\n`);
}

/** Files and bytes under `dir` whose extension is in `extensions` (hidden entries and caches skipped). */
export function countFiles(dir, extensions) {
  let files = 0;
  let bytes = 0;
  let lines = 0;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || SKIP_DIRS.has(entry.name)) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && extensions.some((extension) => entry.name.endsWith(extension))) {
        const text = readFileSync(path);
        files++;
        bytes += text.length;
        for (let i = 0; i < text.length; i++) if (text[i] === 10) lines++;
      }
    }
  };
  walk(dir);
  return { files, bytes, lines };
}

function copyTree(from, to) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const name = source.slice(source.lastIndexOf("/") + 1);
      return source === from || !(SKIP_DIRS.has(name) || name.endsWith(".pyc"));
    },
  });
}

/** `effect@4.1.0` from the npm registry into `<scratch>/effect`, then its `src/` copied to `<scratch>/corpora/effect`. */
export function prepareEffect(scratch) {
  const prefix = join(scratch, "effect");
  const packageDir = join(prefix, "node_modules", "effect");
  const installed = existsSync(join(packageDir, "package.json")) ? JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version : null;
  if (installed !== EFFECT_VERSION) {
    log(`npm install effect@${EFFECT_VERSION} --prefix ${prefix} --ignore-scripts`);
    mkdirSync(prefix, { recursive: true });
    const install = spawnSync("npm", ["install", `effect@${EFFECT_VERSION}`, "--prefix", prefix, "--ignore-scripts", "--no-audit", "--no-fund"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (install.status !== 0) throw new Error(`npm install effect@${EFFECT_VERSION} failed:\n${install.stderr}`);
  }
  const src = join(packageDir, "src");
  if (!existsSync(src) || !statSync(src).isDirectory()) throw new Error(`effect@${EFFECT_VERSION} ships no src/ directory (${src})`);
  const target = join(scratch, "corpora", "effect");
  const source = countFiles(src, [".ts"]);
  if (!existsSync(target) || countFiles(target, [".ts"]).files !== source.files) copyTree(src, target);
  if (source.files < 500 || source.files > 650) log(`warning: effect src/ has ${source.files} .ts files (the issue expects ~572)`);
  return { name: "effect", dir: target, origin: `effect@${EFFECT_VERSION} src/ (npm registry)`, ...source };
}

/** The python3 standard library directory and version, or a reason why there is none. */
function pythonStdlib() {
  const probe = spawnSync("python3", ["-c", "import sys, sysconfig; print(sysconfig.get_paths()['stdlib']); print(sys.version.split()[0])"], {
    encoding: "utf8",
  });
  if (probe.status !== 0) return { error: `python3 not runnable: ${probe.error?.message ?? probe.stderr.trim()}` };
  const [dir, version] = probe.stdout.trim().split("\n");
  return { dir, version };
}

/** The six stdlib packages copied side by side into `<scratch>/corpora/stdlib`. */
export function prepareStdlib(scratch) {
  const python = pythonStdlib();
  if (python.error) throw new Error(python.error);
  const target = join(scratch, "corpora", "stdlib");
  const stamp = join(scratch, "corpora", "stdlib.stamp.json");
  const wanted = { python: python.version, dir: python.dir, packages: STDLIB_PACKAGES };
  const current = existsSync(stamp) ? readFileSync(stamp, "utf8") : "";
  if (current !== JSON.stringify(wanted) || !existsSync(target)) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const name of STDLIB_PACKAGES) {
      const from = join(python.dir, name);
      if (!existsSync(from)) throw new Error(`python ${python.version} has no ${name} package under ${python.dir}`);
      copyTree(from, join(target, name));
    }
    writeFileSync(stamp, JSON.stringify(wanted));
  }
  return {
    name: "stdlib",
    dir: target,
    origin: `python ${python.version} stdlib (${STDLIB_PACKAGES.join(", ")}) from ${python.dir}`,
    ...countFiles(target, [".py"]),
  };
}

export const CORPORA = { effect: prepareEffect, stdlib: prepareStdlib };

/** A fresh copy of `corpus` for one tool: `<scratch>/work/<tool>/<corpus>`. */
export function freshCopy(scratch, tool, corpus) {
  const dir = join(scratch, "work", tool, corpus.name);
  copyTree(corpus.dir, dir);
  return dir;
}

/** Whether `dir` lies inside a git work tree (walking up for `.git`). */
export function insideGitRepo(dir) {
  for (let current = dir; ;) {
    if (existsSync(join(current, ".git"))) return current;
    const parent = join(current, "..");
    if (relative(parent, current) === "") return null;
    current = parent;
  }
}
