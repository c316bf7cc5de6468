import type { RewriteDecision } from "./rewrite-command";

const noRewrite = (reason: string): RewriteDecision => ({ rewritten: false, reason });

/** `git diff [--cached|--staged] [-- paths]`, `git show [REV]`, `git log -p -1 [REV]` → `tsift diff-digest`. */
export function rewriteGit(args: readonly string[]): RewriteDecision {
  const [sub, ...rest] = args;
  if (sub === "diff") return rewriteDiff(rest);
  if (sub === "show") return rewriteShow(rest);
  if (sub === "log") return rewriteLogPatch(rest);
  return noRewrite(`git ${sub ?? ""} is not a diff review; run it as it is`.replace("  ", " "));
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

function rewriteDiff(args: readonly string[]): RewriteDecision {
  const { before, paths } = pathsAfterDashes(args);
  const flags: string[] = [];
  for (const arg of before) {
    if (arg === "--cached" || arg === "--staged") flags.push("--cached");
    else if (arg === "--stat" || arg === "--name-only" || arg === "--name-status" || arg === "--numstat")
      return noRewrite(`git diff ${arg} is already a summary; run it as it is`);
    else if (arg.startsWith("-")) return noRewrite(`git diff ${arg} has no diff-digest equivalent`);
    else return noRewrite("git diff against a revision or between revisions; use tsift diff-digest --base REF or --revision REV");
  }
  return digest([...new Set(flags)], paths, flags.length ? "staged diff" : "worktree diff");
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
