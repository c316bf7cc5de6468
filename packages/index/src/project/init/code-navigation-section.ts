import { TOOL_VERSION as VERSION } from "../../store/open-index";

export const SECTION_START_PREFIX = "<!-- tsift:code-navigation";
export const SECTION_END = "<!-- /tsift:code-navigation -->";

/**
 * The commands the section recommends, one per line. Add a command here when it
 * ships; `test/init-command.test.ts` fails if the section names a `tsift` command
 * the CLI does not register, so the instructions cannot drift ahead of the binary.
 */
export const NAVIGATION_COMMANDS: readonly { usage: string; purpose: string }[] = [
  {
    usage: "tsift symbols <name> --limit 10",
    purpose: "ranked definitions from the index (exact, case-insensitive, prefix, then fuzzy); prefer over grep/rg to find where something is defined",
  },
  {
    usage: "tsift --envelope explain <symbol> --budget normal",
    purpose:
      "one symbol in full: signature, callers and callees by resolved call target, community, PageRank; accepts `Class.method`, `file:line` and `gsym-*` handles",
  },
  {
    usage: "tsift graph <symbol> --callers",
    purpose: 'the call sites that really call a symbol (not every same-named function); prefer over grep for "who calls this"',
  },
  {
    usage: "tsift path <from> <to>",
    purpose: "the shortest chain of calls between two symbols; `tsift communities` and `tsift analyze` give the subsystems, cycles and dead code",
  },
  {
    usage: "tsift --envelope source-read <file> --start 1 --lines 80 --budget normal",
    purpose:
      "a bounded, line-numbered window with `ssym-*` symbol refs and before/after/full expansion commands; prefer over `cat`, `head` or large `sed -n` reads",
  },
];

/**
 * The marker-delimited, versioned Code Navigation section `tsift init` writes into
 * AGENTS.md (and CLAUDE.md). The version in the opening marker lets `tsift status`
 * report instructions written by another tsift version as stale.
 */
export function codeNavigationSection(version: string = VERSION, mcpTools: readonly string[] = []): string {
  return [
    `${SECTION_START_PREFIX} v=${version} -->`,
    "## Code Navigation",
    "Run `tsift status` at session start from the owning repo root. If the task or file lives under a git submodule, switch to that submodule root first so the harness loads the narrower local instructions and repo state instead of the superproject's. If status prints a `run:` recommendation for stale or missing tsift state, run `tsift status --fix` before relying on tsift results; when the harness cannot run write commands, ask the user to run the printed command instead. Claude Code projects can install the auto-reindex and command-rewrite hooks and the MCP server with `tsift init --claude`; Codex projects a prompt-time auto-reindex hook and the MCP server with `tsift init --codex`; OpenCode projects command shortcuts and the MCP server with `tsift init --opencode`.",
    "Use the commands listed in its `use:` output:",
    ...NAVIGATION_COMMANDS.map((entry) => `- \`${entry.usage}\` — ${entry.purpose}`),
    "Keep the handles results carry (`ssym-*`, `swin-*`, `gsym-*`) and run their `expand` and `follow_up` commands to read more, instead of re-reading whole files.",
    ...(mcpTools.length
      ? [
          `The \`tsift\` MCP server is registered for this project: its tools (${mcpTools.map((tool) => `\`${tool}\``).join(", ")}) answer as the commands above do, with the same handles; prefer them over shell calls when the harness offers them.`,
        ]
      : []),
    "When a command reports a held lock, `tsift locks` names the writer and the command to run next.",
    "Only read full source files when tsift results are insufficient.",
    SECTION_END,
  ].join("\n");
}
