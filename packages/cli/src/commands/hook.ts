import { defineGroup, defineSubcommand } from "../definition/define-command";

const subcommand = defineSubcommand({});

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
      async run(_args, io) {
        const { runUserPromptSubmit } = await import("../hook/run-hooks");
        return runUserPromptSubmit(io);
      },
    }),
    subcommand({
      name: "pre-tool-use",
      summary: "print Claude Code's PreToolUse output replacing a routable Bash command with its tsift rewrite; nothing otherwise",
      positionals: [],
      options: {},
      examples: [{ command: "tsift hook pre-tool-use < tool-call.json", description: "what Claude Code runs before each Bash call" }],
      async run(_args, io) {
        const { runPreToolUse } = await import("../hook/run-hooks");
        return runPreToolUse(io);
      },
    }),
  ],
});
