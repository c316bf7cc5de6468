import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { commandMeta } from "./command-meta";

interface InitArgs {
  path?: string;
  workspace: boolean;
  codex: boolean;
  opencode: boolean;
}

/** `tsift init [path]`: agent instructions, .gitignore entry, optional Codex hook and OpenCode shortcuts. */
export function initCommand(context: CommandContext) {
  return {
    ...commandMeta("init"),
    builder: (yargs: Argv) =>
      yargs
        .positional("path", { type: "string", describe: "directory or file inside the project; resolves to its git root (default: .)" })
        .option("workspace", { type: "boolean", default: false, describe: "from inside a submodule, initialise the superproject instead; with --codex, require a workspace hook" })
        .option("codex", { type: "boolean", default: false, describe: "merge a UserPromptSubmit auto-reindex hook into .codex/hooks.json" })
        .option("opencode", { type: "boolean", default: false, describe: "install .opencode/commands/tsift-*.md shortcuts (never overwrites files tsift does not manage)" }),
    handler: async (args: InitArgs) => {
      const { runInit } = await import("../init/run-init");
      context.setResult(await runInit(context.io, { path: args.path, workspace: args.workspace, codex: args.codex, opencode: args.opencode }));
    },
  };
}
