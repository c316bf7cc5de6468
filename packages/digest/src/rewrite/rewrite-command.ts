import { shellArg } from "@tsift/core/light";
import { rewriteGit } from "./rewrite-git";
import { rewriteRunner } from "./rewrite-runner";
import { rewriteSearch } from "./rewrite-search";
import { shellWords } from "./shell-words";

/** What `tsift rewrite` makes of a command: the tsift command line to run instead, or why none. */
export type RewriteDecision =
  | {
      rewritten: true;
      kind: "search" | "diff" | "test" | "build";
      /** The tsift arguments (without `tsift`). */
      argv: string[];
      reason: string;
    }
  | { rewritten: false; reason: string };

export interface RewriteReport {
  /** The command as given. */
  command: string;
  rewritten: boolean;
  kind: "search" | "diff" | "test" | "build" | null;
  /** The rewritten command line, quoted for a POSIX shell, or null. */
  rewrite: string | null;
  argv: string[] | null;
  reason: string;
}

export interface RewriteOptions {
  /** The directory the command would run in: a diff review is then checked to cover the files git's would (see `rewriteGit`). */
  readonly cwd?: string;
}

const LISTINGS = new Set(["find", "ls", "tree", "fd", "fdfind", "du"]);

/**
 * Routes a high-token shell command to the bounded tsift flow that answers it: broad
 * searches to an exact search preview, diff reviews to `diff-digest`, test runs and builds
 * to `run` (digest + artifact). Anything it cannot route with the same meaning — file
 * listings, pipes, redirections, substitutions, globs, unknown tools — is left alone with
 * a reason, so a hook never changes what a command does.
 */
export function rewriteCommand(command: string, options: RewriteOptions = {}): RewriteReport {
  const decision = decide(command.trim(), options.cwd);
  const base = { command, reason: decision.reason };
  if (!decision.rewritten) return { ...base, rewritten: false, kind: null, rewrite: null, argv: null };
  return { ...base, rewritten: true, kind: decision.kind, rewrite: ["tsift", ...decision.argv].map(shellArg).join(" "), argv: decision.argv };
}

function decide(command: string, cwd: string | undefined): RewriteDecision {
  const split = shellWords(command);
  if ("refused" in split) return { rewritten: false, reason: `not rewritten: ${split.refused}` };
  const words = split.words;
  const [tool, ...args] = words;
  if (tool === "tsift" || (tool === "npx" && args[0] === "tsift")) return { rewritten: false, reason: "already a tsift command" };
  if (LISTINGS.has(tool!)) return { rewritten: false, reason: `${tool} lists files; run it as it is` };
  if (tool === "rg" || tool === "grep") return rewriteSearch(tool, args);
  if (tool === "git") return rewriteGit(args, cwd);
  return rewriteRunner(words) ?? { rewritten: false, reason: `${tool} is not a search, diff review, test run or build tsift digests` };
}
