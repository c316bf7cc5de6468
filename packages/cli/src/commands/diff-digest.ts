import type { CommandResult } from "../command-result";
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
  async run(options, io): Promise<CommandResult> {
    const { runDiffDigest } = await import("../diff-digest/run-diff-digest");
    return runDiffDigest(io, options);
  },
});
