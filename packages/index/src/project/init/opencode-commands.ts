import { TOOL_VERSION as VERSION } from "../../store/open-index";

/** Marks a command file as tsift's: only files carrying it are ever rewritten. */
export const OPENCODE_MARKER_PREFIX = "<!-- tsift:opencode-command";

/**
 * `.opencode/commands/tsift-*.md` shortcuts for this CLI's commands (OpenCode reads
 * a markdown prompt template per file, `$ARGUMENTS` being what follows the slash
 * command). Add an entry when a command worth a shortcut ships; the init test checks
 * that every `tsift` command named here exists.
 */
export const OPENCODE_COMMANDS: readonly { name: string; description: string; body: string }[] = [
  {
    name: "tsift-status",
    description: "tsift session health: index freshness, instructions, what to use and run",
    body: "Run `tsift status --json` from the project root and summarize the index state, instruction state, `use` list and `run` recommendation. If `run` is set, run `tsift status --fix` (or ask the user to, when you cannot run write commands), then report the final status.",
  },
  {
    name: "tsift-symbols",
    description: "find where a symbol is defined with the tsift index",
    body: "Run `tsift --envelope symbols $ARGUMENTS --budget normal` and answer from its report. Read a definition with the `expand` command of its item (a bounded `tsift source-read` window) instead of opening the whole file.",
  },
  {
    name: "tsift-source-read",
    description: "read a bounded, line-numbered window of a source file",
    body: "Run `tsift --envelope source-read $ARGUMENTS --budget normal`. Use the `swin-*`/`ssym-*` handles when citing lines, and the report's before/after/full expansion commands (not `cat`) when you need more of the file.",
  },
  {
    name: "tsift-locks",
    description: "who holds the tsift index lock and what to run next",
    body: "Run `tsift locks --json` and report the writer lock holders, WAL/journal state and the `next` command; run that command only if it is safe in this session.",
  },
];

export function opencodeCommandFile(entry: (typeof OPENCODE_COMMANDS)[number], version: string = VERSION): string {
  return `---\ndescription: ${entry.description}\n---\n${OPENCODE_MARKER_PREFIX} v=${version} -->\n${entry.body}\n`;
}
