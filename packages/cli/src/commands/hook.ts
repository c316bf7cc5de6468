import { defineGroup, defineSubcommand } from "../definition/define-command";
import { EXIT_CODES } from "../exit-codes";

const subcommand = defineSubcommand({});
const hookInputModule = () => import("../hook/hook-input");

// A hook's stdout is the client's protocol, not a report: no output flag may change it, and
// "nothing" must be no bytes at all. So each hook writes its answer itself (an emitted result)
// rather than naming a renderer the output pipeline would apply.

/** `tsift hook <event>`: the agent-client hooks `tsift init --claude` installs, fed the client's hook JSON on stdin. */
export const hook = defineGroup({
  name: "hook",
  summary: "agent hooks: auto-reindex before a prompt, rewrite a shell command before it runs (JSON on stdin)",
  helpOrder: 335,
  options: {},
  examples: [
    {
      command: 'echo \'{"tool_name":"Bash","tool_input":{"command":"git diff"}}\' | tsift hook pre-tool-use',
      description: "the replacement Claude Code reads back",
    },
  ],
  subcommands: [
    subcommand({
      name: "user-prompt-submit",
      summary: "refresh the index of the hook's cwd (every workspace scope) when files changed; prints nothing, never blocks",
      positionals: [],
      options: {},
      examples: [{ command: "tsift hook user-prompt-submit < prompt.json", description: "what Claude Code and Codex run before each prompt" }],
      async run(_options, io) {
        const [{ autoReindex }, { hookInput, cwdOf }] = await Promise.all([import("@tsift/index/indexer"), hookInputModule()]);
        const report = await autoReindex({ cwd: cwdOf(await hookInput(io), io) });
        // stdout stays empty (Claude Code would add it to the prompt); a problem is one line on stderr and still exit 0.
        for (const note of report.notes) io.stderr(`tsift hook: ${note}\n`);
        return { data: report, emitted: true, exitCode: EXIT_CODES.ok };
      },
    }),
    subcommand({
      name: "pre-tool-use",
      summary: "print Claude Code's PreToolUse output replacing a routable Bash command with its tsift rewrite; nothing otherwise",
      positionals: [],
      options: {},
      examples: [{ command: "tsift hook pre-tool-use < tool-call.json", description: "what Claude Code runs before each Bash call" }],
      // The client's JSON answer when the Bash command has a rewrite; nothing otherwise (it runs unchanged).
      async run(_options, io) {
        const [{ claudePreToolUse }, { hookInput }] = await Promise.all([import("@tsift/digest"), hookInputModule()]);
        const { output } = claudePreToolUse(await hookInput(io), io.cwd);
        if (output) io.stdout(`${JSON.stringify(output)}\n`);
        return { data: output, emitted: true, exitCode: EXIT_CODES.ok };
      },
    }),
  ],
});
