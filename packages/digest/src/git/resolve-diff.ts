import { TsiftError } from "@tsift/core/light";
import type { DiffTarget } from "./diff-target";
import { runGit } from "./run-git";

/** A diff target pinned to objects: what each side of the comparison is. */
export interface ResolvedDiff {
  readonly target: DiffTarget;
  /** The directory git runs in; every path is relative to it. */
  readonly cwd: string;
  /** The old side's commit, or null when it is the empty tree (no commits, or a root commit). */
  readonly oldCommit: string | null;
  /** What `git diff` is given for the old side: `oldCommit` or the empty tree's id (unused when the old side is the index). */
  readonly oldTreeish: string;
  /** `tree`: the old side is `oldTreeish`; `index`: the staged index (`unstaged`, where `oldCommit` is only HEAD for the report). */
  readonly oldSide: "tree" | "index";
  readonly newSide: { readonly kind: "worktree" } | { readonly kind: "index" } | { readonly kind: "commit"; readonly commit: string };
  /** Worktree comparisons list untracked files too. */
  readonly untracked: boolean;
}

/** Pins `target` in the repository holding `cwd`; outside a repository, or for an unknown revision, a TsiftError naming the fix. */
export async function resolveDiff(cwd: string, target: DiffTarget): Promise<ResolvedDiff> {
  await runGit(cwd, ["rev-parse", "--show-toplevel"]);
  const head = await commitOf(cwd, "HEAD");
  const emptyTree = async () => (await runGit(cwd, ["hash-object", "-t", "tree", "--stdin"], { input: "" })).stdout.toString("utf8").trim();
  switch (target.kind) {
    case "worktree":
    case "cached":
      return {
        target,
        cwd,
        oldCommit: head,
        oldTreeish: head ?? (await emptyTree()),
        oldSide: "tree",
        newSide: target.kind === "worktree" ? { kind: "worktree" } : { kind: "index" },
        untracked: target.kind === "worktree",
      };
    case "unstaged":
      // What plain `git diff` compares: the index against the working tree, tracked files only.
      return { target, cwd, oldCommit: head, oldTreeish: head ?? (await emptyTree()), oldSide: "index", newSide: { kind: "worktree" }, untracked: false };
    case "revision": {
      const commit = await requireCommit(cwd, target.rev, "--revision");
      const parent = await commitOf(cwd, `${commit}^1`);
      return {
        target,
        cwd,
        oldCommit: parent,
        oldTreeish: parent ?? (await emptyTree()),
        oldSide: "tree",
        newSide: { kind: "commit", commit },
        untracked: false,
      };
    }
    case "base": {
      const ref = await requireCommit(cwd, target.ref, "--base");
      if (head === null)
        throw new TsiftError("not_found", "--base needs a commit on HEAD, and this repository has none", {
          hint: "commit first (`git commit`), or drop --base",
        });
      const found = await runGit(cwd, ["merge-base", ref, head], { okCodes: [1] });
      const base = found.stdout.toString("utf8").trim();
      if (found.code !== 0 || base === "") {
        throw new TsiftError("not_found", `${target.ref} and HEAD have no common ancestor`, {
          hint: "run `git log --oneline --graph --all -20` to pick a related --base",
        });
      }
      return { target, cwd, oldCommit: base, oldTreeish: base, oldSide: "tree", newSide: { kind: "worktree" }, untracked: true };
    }
  }
}

async function commitOf(cwd: string, rev: string): Promise<string | null> {
  const found = await runGit(cwd, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], { okCodes: [1, 128] });
  const sha = found.stdout.toString("utf8").trim();
  return found.code === 0 && sha !== "" ? sha : null;
}

async function requireCommit(cwd: string, rev: string, flag: string): Promise<string> {
  // A leading dash would reach git as an option.
  const commit = rev.startsWith("-") ? null : await commitOf(cwd, rev);
  if (commit === null) {
    throw new TsiftError("not_found", `unknown revision ${JSON.stringify(rev)} for ${flag}`, {
      details: { revision: rev },
      hint: "run `git log --oneline -10` to list revisions",
    });
  }
  return commit;
}
