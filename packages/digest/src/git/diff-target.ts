import { TsiftError } from "@tsift/core/light";

/**
 * What a diff compares. `worktree`: HEAD against the working tree, untracked files included.
 * `unstaged`: the index against the working tree, tracked files only (what plain `git diff`
 * shows). `cached`: HEAD against the index. `revision`: one commit against its first parent (the empty
 * tree for a root commit). `base`: the merge base of `ref` and HEAD against the working tree
 * (untracked files included), so a branch's review sees its commits and its uncommitted edits.
 */
export type DiffTarget = { kind: "worktree" } | { kind: "unstaged" } | { kind: "cached" } | { kind: "revision"; rev: string } | { kind: "base"; ref: string };

export interface DiffTargetFlags {
  readonly cached?: boolean | undefined;
  readonly unstaged?: boolean | undefined;
  readonly revision?: string | undefined;
  readonly base?: string | undefined;
}

/** The target the `--unstaged`, `--cached`, `--revision REV`, `--base REF` flags name; at most one of them. */
export function diffTargetFromFlags(flags: DiffTargetFlags): DiffTarget {
  const given = [
    flags.unstaged === true ? "--unstaged" : null,
    flags.cached === true ? "--cached" : null,
    flags.revision !== undefined ? "--revision" : null,
    flags.base !== undefined ? "--base" : null,
  ].filter((flag): flag is string => flag !== null);
  if (given.length > 1) {
    throw new TsiftError("usage", `${given.join(" and ")} cannot be combined; pick one diff target`, {
      hint: "pass one of --unstaged, --cached, --revision REV or --base REF (none: the working tree against HEAD)",
    });
  }
  if (flags.revision !== undefined) return { kind: "revision", rev: nonEmpty(flags.revision, "--revision") };
  if (flags.base !== undefined) return { kind: "base", ref: nonEmpty(flags.base, "--base") };
  if (flags.cached === true) return { kind: "cached" };
  if (flags.unstaged === true) return { kind: "unstaged" };
  return { kind: "worktree" };
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === "") throw new TsiftError("usage", `${flag} needs a revision, got an empty string`, { hint: `pass ${flag} HEAD or another revision` });
  return value;
}

/** The flags that select `target`, as a command line spells them (empty for the worktree). */
export function diffTargetArgs(target: DiffTarget): string[] {
  switch (target.kind) {
    case "worktree":
      return [];
    case "unstaged":
      return ["--unstaged"];
    case "cached":
      return ["--cached"];
    case "revision":
      return ["--revision", target.rev];
    case "base":
      return ["--base", target.ref];
  }
}
