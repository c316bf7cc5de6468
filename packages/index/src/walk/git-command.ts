import { spawnSync } from "node:child_process";
import { TsiftError } from "@tsift/core/light";

/** Output bigger than this from a one-shot git command is an error; the log itself is streamed. */
const ONE_SHOT_MAX_BUFFER = 256 * 1024 * 1024;

/**
 * The environment every git call runs in: no pager, no prompts, and no optional locks, so
 * reading history never contends with the user's own git commands.
 */
export function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" };
}

/** Options every git call takes first: output git would otherwise tune for a terminal. */
export const GIT_BASE_ARGS: readonly string[] = ["-c", "core.quotepath=off", "-c", "log.showSignature=false", "-c", "color.ui=false"];

export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function gitMissing(cause: unknown): TsiftError {
  return new TsiftError("unsupported", "git is not installed or not on PATH; the history index reads the repository through it", {
    cause,
    hint: "install git, then rerun",
  });
}

/** Runs one short git command in `cwd`; a missing git binary is `unsupported`. */
export function runGit(cwd: string, args: readonly string[]): GitResult {
  const result = spawnSync("git", [...GIT_BASE_ARGS, ...args], { cwd, env: gitEnv(), encoding: "utf8", maxBuffer: ONE_SHOT_MAX_BUFFER });
  if (result.error) {
    if ((result.error as NodeJS.ErrnoException).code === "ENOENT") throw gitMissing(result.error);
    throw new TsiftError("io_error", `git ${args[0] ?? ""} failed: ${result.error.message}`, { cause: result.error });
  }
  return { status: result.status ?? 128, stdout: result.stdout, stderr: result.stderr };
}

/** Like runGit, but any exit other than 0 is an `io_error` naming git's own complaint. */
export function runGitChecked(cwd: string, args: readonly string[]): string {
  const result = runGit(cwd, args);
  if (result.status !== 0) {
    throw new TsiftError("io_error", `git ${args.join(" ")} failed: ${firstLine(result.stderr) || `exit ${result.status}`}`, {
      details: { cwd, args, status: result.status },
    });
  }
  return result.stdout;
}

export function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim() !== "") ?? "").trim();
}

/** The repository a project's history is read from. */
export interface GitRepoState {
  /** The work tree root; history paths are relative to it. */
  workTree: string;
  /** The commit HEAD names, or null in a repository without commits. */
  head: string | null;
  /** `refs/heads/<name>` HEAD points at, or null when detached (or unborn: then `head` is null too). */
  branch: string | null;
  /** A `git clone --depth` repository: the oldest commits' parents are missing, so their diffs list every file. */
  shallow: boolean;
}

/**
 * What git says about the repository at `root`. No git binary is `unsupported`; a
 * directory outside any repository is `not_found` with `git init` as the next step.
 */
export function readGitRepoState(root: string): GitRepoState {
  // One git call answers everything when HEAD names a commit (the usual case).
  const all = runGit(root, ["rev-parse", "--show-toplevel", "--is-shallow-repository", "HEAD", "--symbolic-full-name", "HEAD", "--"]);
  if (all.status === 0) {
    const [workTree = root, shallow = "false", head = "", symbolic = ""] = all.stdout.split("\n");
    return { workTree, head, branch: symbolic.startsWith("refs/") ? symbolic : null, shallow: shallow.trim() === "true" };
  }
  const top = runGit(root, ["rev-parse", "--show-toplevel", "--is-shallow-repository"]);
  if (top.status !== 0) {
    throw new TsiftError("not_found", `${root} is not inside a git work tree (${firstLine(top.stderr) || "git rev-parse failed"})`, {
      details: { root },
      hint: "run it inside a git repository (or `git init` and commit first)",
    });
  }
  // A work tree whose HEAD names no commit yet: a repository without commits.
  const [workTree = root, shallow = "false"] = top.stdout.split("\n");
  return { workTree, head: null, branch: null, shallow: shallow.trim() === "true" };
}

/** Whether `ancestor` is reachable from `descendant`; a commit git no longer has counts as not. */
export function isAncestor(cwd: string, ancestor: string, descendant: string): boolean {
  return runGit(cwd, ["merge-base", "--is-ancestor", ancestor, descendant]).status === 0;
}
