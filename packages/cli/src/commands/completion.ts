import { defineCommand } from "../definition/define-command";
import { usageError } from "../definition/usage";

const SHELLS = ["bash", "zsh", "fish"] as const;

/** `tsift completion bash|zsh|fish`: a completion script made from the command definitions. */
export const completion = defineCommand({
  name: "completion",
  summary: "print a shell completion script (bash, zsh or fish) for every command and option",
  helpOrder: 170,
  positionals: [{ name: "shell", required: true, description: "bash, zsh or fish" }],
  options: {},
  examples: [
    { command: "tsift completion bash >> ~/.bashrc", description: "complete tsift commands and options in bash" },
    { command: "tsift completion fish > ~/.config/fish/completions/tsift.fish", description: "install the fish completions" },
  ],
  async run(args) {
    const shell = SHELLS.find((name) => name === args.shell);
    if (!shell) throw await usageError(`unknown shell ${args.shell}: choose bash, zsh or fish`, "tsift completion --help");
    const { completionScript } = await import("../definition/completion-script");
    const { COMMAND_DEFINITIONS } = await import("../cli-catalog");
    const script = completionScript(shell, COMMAND_DEFINITIONS);
    return { data: { shell, script }, output: { tool: "completion", text: (data: { script: string }) => data.script } };
  },
});
