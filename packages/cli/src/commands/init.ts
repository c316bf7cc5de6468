import { basename, resolve } from "node:path";
import type { InitOptions } from "@tsift/index/indexer";
import { defineCommand } from "../definition/define-command";
import type { ReadOptions } from "../graph-cmd/read-index";
import { DIR, PATH } from "../definition/common-options";

/** `tsift init [dir]`: agent instructions, optional Claude Code and Codex hooks, OpenCode shortcuts, MCP registrations. */
export const init = defineCommand<Omit<InitOptions, "launcher"> & Pick<ReadOptions, "path">>()({
  name: "init",
  summary: "add the Code Navigation section to AGENTS.md (and CLAUDE.md); optional agent hooks and MCP registration",
  helpOrder: 20,
  positionals: [{ ...DIR, description: "directory or file inside the project; resolves to its git root (default: .; same as --path)" }],
  options: {
    path: { ...PATH, description: "directory or file inside the project; resolves to its git root (default: .)" },
    workspace: {
      type: "boolean",
      default: false,
      description: "from inside a submodule, initialise the superproject instead; with --codex, require a workspace hook",
    },
    claude: {
      type: "boolean",
      default: false,
      description: "Claude Code: auto-reindex and command-rewrite hooks in .claude/settings.json, the MCP server in .mcp.json",
    },
    codex: {
      type: "boolean",
      default: false,
      description: "merge a UserPromptSubmit auto-reindex hook into .codex/hooks.json; the MCP server in .codex/config.toml",
    },
    opencode: {
      type: "boolean",
      default: false,
      description: "install .opencode/commands/tsift-*.md shortcuts (never overwrites files tsift does not manage); the MCP server in opencode.json",
    },
  },
  examples: [
    { command: "tsift init", description: "write the agent instructions for the project in the current directory" },
    { command: "tsift init --codex --opencode", description: "also install the Codex re-index hook and the OpenCode shortcuts" },
    { command: "tsift init --claude", description: "the Claude Code hooks (auto-reindex, command rewrite) and the MCP server registration" },
  ],
  // Resolves the owning repo (or workspace) root, then applies the init plan there.
  async run(options, io) {
    const { initProject } = await import("@tsift/index/indexer");
    const { path, claude, codex, opencode, workspace } = options;
    const { root, report } = initProject({
      cwd: io.cwd,
      launcher: { pathEnv: io.env.PATH, runningBin: runningBin() },
      path,
      claude,
      codex,
      opencode,
      workspace,
    });
    return { data: report, root };
  },
  output: async () => (await import("../init/init-output")).initOutput,
});

/** This process's tsift executable, when it is one (not a test runner driving the CLI in-process). */
function runningBin(): string | undefined {
  const script = process.argv[1];
  return script !== undefined && /^(tsift|tsift\.c?js|bin\.c?js|bin-client\.cjs)$/.test(basename(script)) ? resolve(script) : undefined;
}
