import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { project } from "./index-helpers";

let clock = Date.UTC(2024, 0, 1) / 1000;

export function gitIn(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync("git", ["-c", "user.email=dev@example.com", "-c", "user.name=Dev", "-c", "init.defaultBranch=main", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
}

/** A temp git repository (removed after the test). */
export function repo(): string {
  const root = project({});
  gitIn(root, ["init", "-q"]);
  return root;
}

/** Writes (null deletes) and moves files, stages exactly those and commits; dates advance a minute per commit. */
export function commit(root: string, message: string, write: Record<string, string | null> = {}, move: Array<[string, string]> = []): string {
  for (const [from, to] of move) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    gitIn(root, ["mv", from, to]);
  }
  for (const [path, content] of Object.entries(write)) {
    if (content === null) rmSync(join(root, path));
    else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
  }
  const paths = Object.keys(write);
  if (paths.length) gitIn(root, ["add", "-A", "--", ...paths]);
  clock += 60;
  gitIn(root, ["commit", "-q", "--allow-empty", "-m", message], { GIT_AUTHOR_DATE: `${clock} +0000`, GIT_COMMITTER_DATE: `${clock} +0000` });
  return gitIn(root, ["rev-parse", "HEAD"]).trim();
}
