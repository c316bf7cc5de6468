import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

/** git in the private clone: text, or bytes. */
export function gitIn(clone) {
  const run =
    (encoding) =>
    (...args) =>
      execFileSync("git", args, { cwd: clone, encoding, maxBuffer: 256 * 1024 * 1024 });
  return { text: run("utf8"), bytes: run("buffer") };
}

/** A private clone of `repo` at `clone` holding `ref`'s history; the source repository is only read. */
export function ensureClone(repo, clone, ref) {
  if (!existsSync(join(clone, ".git"))) {
    mkdirSync(dirname(clone), { recursive: true });
    execFileSync("git", ["clone", "-q", "--no-checkout", resolve(repo), clone]);
  }
  const tip = execFileSync("git", ["rev-parse", ref], { cwd: resolve(repo), encoding: "utf8" }).trim();
  gitIn(clone).text("fetch", "-q", resolve(repo), tip);
  return tip;
}

/** `{ status, old, path }` rows of one commit against its parent, renames detected. */
export function commitChanges(git, parent, commit) {
  const fields = git.text("diff-tree", "-r", "-z", "-M", "--no-commit-id", "--name-status", parent, commit).split("\0").filter(Boolean);
  const rows = [];
  for (let i = 0; i < fields.length;) {
    const status = fields[i++];
    if (status.startsWith("R") || status.startsWith("C")) rows.push({ status: status[0], old: fields[i++], path: fields[i++] });
    else rows.push({ status: status[0], old: null, path: fields[i++] });
  }
  return rows;
}

/** The parent checked out, then only `rows` (the commit's non-test changes) applied to the worktree. */
export function applySourceChange(git, clone, parent, commit, rows) {
  git.text("checkout", "-q", "--force", "--detach", parent);
  git.text("clean", "-q", "-fd");
  for (const row of rows) {
    if (row.old) rmSync(join(clone, row.old), { force: true });
    if (row.status === "D") rmSync(join(clone, row.path), { force: true });
    else {
      mkdirSync(dirname(join(clone, row.path)), { recursive: true });
      writeFileSync(join(clone, row.path), git.bytes("show", `${commit}:${row.path}`));
    }
  }
}

/** `DIR/node_modules/@tsift/<pkg>` copies of `repo`'s built packages, every other module linked; returns the @tsift directory. */
export function snapshotPackages(repo, dir) {
  const modules = join(dir, "node_modules");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(modules, "@tsift"), { recursive: true });
  for (const name of readdirSync(join(repo, "node_modules"))) {
    if (name !== "@tsift" && name !== ".bin") symlinkSync(join(repo, "node_modules", name), join(modules, name));
  }
  for (const pkg of readdirSync(join(repo, "packages"))) {
    const from = join(repo, "packages", pkg);
    if (!existsSync(join(from, "dist"))) continue;
    for (const part of ["package.json", "dist", "node_modules"]) {
      if (existsSync(join(from, part))) cpSync(join(from, part), join(modules, "@tsift", pkg, part), { recursive: true });
    }
  }
  return join(modules, "@tsift");
}
