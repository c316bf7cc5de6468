import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIFF_OPTIONS, DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift diff-digest [path]`: a git diff as files, hunks, touched symbols and call edges, parsed from both snapshots. */
export const diffDigest = defineCommand({
  name: "diff-digest",
  readOnly: true,
  summary: "a git diff, bounded: per file status, hunks, symbols added/removed/changed and call edges, parsed from both sides",
  helpOrder: 200,
  positionals: [{ ...DIR, description: "project directory, or a directory/file inside it to digest only there (default: .; same as --path)" }],
  options: {
    unstaged: { type: "boolean", default: false, description: "compare the working tree with the index, tracked files only: what plain `git diff` shows" },
    ...DIFF_OPTIONS,
    limit: limitOption(25, "files listed and parsed, first by path (0 = all)"),
    path: { ...PATH, description: "project directory, or a directory/file inside it to digest only there (default: .)" },
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift diff-digest", description: "uncommitted changes, untracked files included, against HEAD" },
    { command: "tsift diff-digest --unstaged", description: "exactly the files and changes `git diff` shows (no untracked files, nothing staged)" },
    { command: "tsift diff-digest --cached --json", description: "what is staged, as JSON" },
    { command: "tsift diff-digest --revision HEAD~1 src", description: "one commit against its parent, only under src/" },
    { command: "tsift --envelope diff-digest --base main", description: "a branch's change since main, as a bounded envelope" },
  ],
  // The project owning the path is the root the diff is taken in; a path below the root (even
  // one the change deleted) narrows the digest to it.
  async run(options, context) {
    const [{ diffDigest, diffTargetFromFlags }, { resolveProjectRoot }] = await Promise.all([import("@tsift/digest"), import("@tsift/index/indexer")]);
    const target = diffTargetFromFlags(options);
    const budget = await context.budget();
    const { existing, rest } = nearestExisting(resolve(context.cwd, options.path ?? "."));
    const { root } = resolveProjectRoot(existing);
    const inside = [relative(root, realpathSync(existing)), ...rest].filter((part) => part !== "").join("/");
    const data = await diffDigest({ root, target, limit: options.limit, budget, ...(inside !== "" ? { paths: [inside.split(sep).join("/")] } : {}) });
    return { data, root };
  },
  // The follow-up commands are spelled from where the user stands, with the diff target the flags name.
  output: async ({ root }, options, { cwd }) => (await import("../diff-digest/diff-digest-output")).diffDigestOutput(cwd, root, options),
});

/** A path the change deleted no longer exists; its nearest existing ancestor places it. */
function nearestExisting(path: string): { existing: string; rest: string[] } {
  const rest: string[] = [];
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) {
    rest.unshift(basename(at));
    at = dirname(at);
  }
  return { existing: at, rest };
}
