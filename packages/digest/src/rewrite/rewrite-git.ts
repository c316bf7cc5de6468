import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { relative, sep } from "node:path";
import { resolveProjectRoot } from "@tsift/index/indexer";
import type { RewriteDecision } from "./rewrite-command";

const noRewrite = (reason: string): RewriteDecision => ({ rewritten: false, reason });

/**
 * `git diff [--cached|--staged] [-- path]`, `git show [REV]`, `git log -p -1 [REV]` → `tsift diff-digest`.
 * With `cwd` (where the command would run), the rewrite is checked to cover what git would: git
 * diffs the whole work tree from any directory of it, so from a subdirectory the digest is
 * pointed at the work tree root, and where tsift's project root is not that root (a nested
 * project, a submodule of a workspace) nothing is rewritten.
 */
export function rewriteGit(args: readonly string[], cwd?: string): RewriteDecision {
  const [sub, ...rest] = args;
  const decision =
    sub === "diff"
      ? rewriteDiff(rest)
      : sub === "show"
        ? rewriteShow(rest)
        : sub === "log"
          ? rewriteLogPatch(rest)
          : noRewrite(`git ${sub ?? ""} is not a diff review; run it as it is`.replace("  ", " "));
  return decision.rewritten && cwd !== undefined ? placed(decision, cwd) : decision;
}

/** The decision run from `cwd`: its digest rooted where git's diff is, or no rewrite. */
function placed(decision: Extract<RewriteDecision, { rewritten: true }>, cwd: string): RewriteDecision {
  let top: string;
  let here: string;
  try {
    here = realpathSync(cwd);
    top = realpathSync(execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    return noRewrite("not inside a git work tree; run it as it is");
  }
  const { root } = resolveProjectRoot(here);
  if (root !== top)
    return noRewrite(`tsift's project root ${root} is not the git work tree root ${top}, so its digest would cover other files; run it as it is`);
  // A path argument narrows the digest; with none, the digest of `.` would narrow it to this directory.
  const narrowed = decision.argv[1] !== undefined && !decision.argv[1].startsWith("-");
  if (here === top || narrowed) return decision;
  const [command, ...rest] = decision.argv;
  return { ...decision, argv: [command!, relative(here, top).split(sep).join("/"), ...rest] };
}

function pathsAfterDashes(args: readonly string[]): { before: string[]; paths: string[] } {
  const at = args.indexOf("--");
  return at === -1 ? { before: [...args], paths: [] } : { before: args.slice(0, at), paths: args.slice(at + 1) };
}

function digest(flags: string[], paths: string[], what: string): RewriteDecision {
  if (paths.length > 1) return noRewrite("a diff limited to several paths; run it as it is");
  return {
    rewritten: true,
    kind: "diff",
    argv: ["diff-digest", ...paths, ...flags, "--budget", "normal"],
    reason: `${what} → bounded diff digest with touched symbols`,
  };
}

/**
 * Plain `git diff` compares the index with the working tree and never lists untracked files:
 * `--unstaged` is that comparison. `--cached`/`--staged` compare HEAD with the index.
 */
function rewriteDiff(args: readonly string[]): RewriteDecision {
  const { before, paths } = pathsAfterDashes(args);
  let staged = false;
  for (const arg of before) {
    if (arg === "--cached" || arg === "--staged") staged = true;
    else if (arg === "--stat" || arg === "--name-only" || arg === "--name-status" || arg === "--numstat")
      return noRewrite(`git diff ${arg} is already a summary; run it as it is`);
    else if (arg.startsWith("-")) return noRewrite(`git diff ${arg} has no diff-digest equivalent`);
    else return noRewrite("git diff against a revision or between revisions; use tsift diff-digest --base REF or --revision REV");
  }
  return digest([staged ? "--cached" : "--unstaged"], paths, staged ? "staged diff" : "unstaged diff");
}

function rewriteShow(args: readonly string[]): RewriteDecision {
  const { before, paths } = pathsAfterDashes(args);
  const revisions = before.filter((arg) => !arg.startsWith("-"));
  const flags = before.filter((arg) => arg.startsWith("-"));
  if (flags.length) return noRewrite(`git show ${flags[0]} has no diff-digest equivalent`);
  if (revisions.length > 1) return noRewrite("git show of several revisions; run it as it is");
  if (revisions[0]?.includes(":")) return noRewrite("git show REV:PATH prints a file, not a diff");
  return digest(["--revision", revisions[0] ?? "HEAD"], paths, "one commit's patch");
}

/** Only `git log -p` of exactly one commit is one revision's patch; longer logs are history, not a diff. */
function rewriteLogPatch(args: readonly string[]): RewriteDecision {
  const { before, paths } = pathsAfterDashes(args);
  if (!before.some((arg) => arg === "-p" || arg === "--patch" || arg === "-u")) return noRewrite("git log without -p is history, not a diff; run it as it is");
  let patch = false;
  let one = false;
  const revisions: string[] = [];
  for (let at = 0; at < before.length; at++) {
    const arg = before[at]!;
    if (arg === "-p" || arg === "--patch" || arg === "-u") patch = true;
    else if (arg === "-1" || arg === "-n1" || arg === "--max-count=1") one = true;
    else if ((arg === "-n" || arg === "--max-count") && before[at + 1] === "1") {
      one = true;
      at++;
    } else if (arg.startsWith("-")) return noRewrite(`git log ${arg} has no diff-digest equivalent`);
    else revisions.push(arg);
  }
  if (!patch) return noRewrite("git log without -p is history, not a diff; run it as it is");
  if (!one) return noRewrite("git log -p over several commits; use tsift diff-digest --revision REV per commit");
  if (revisions.length > 1) return noRewrite("git log -p -1 with several revisions; run it as it is");
  return digest(["--revision", revisions[0] ?? "HEAD"], paths, "one commit's patch");
}
