import { defineCommand } from "../definition/define-command";
import { DIR, PATH } from "../definition/common-options";
import type { McpCliOptions } from "../mcp/run-mcp";

/** `tsift mcp [dir]`: the read commands as MCP tools over stdio, confined to the project root. */
export const mcp = defineCommand<McpCliOptions>()({
  name: "mcp",
  summary: "serve the read commands as MCP tools on stdio (read-only, confined to the project; a missing index is built beside it)",
  helpOrder: 300,
  positionals: [DIR],
  options: {
    path: PATH,
    tools: { type: "string", description: "only these tools, comma-separated (e.g. symbols,explain,source_read)" },
    profile: {
      type: "string",
      choices: ["full", "slim"],
      default: "full",
      description: "slim: six tools (search, symbols, explain, callers, source_read, expand)",
    },
    firstIndex: {
      type: "boolean",
      default: true,
      description: "build a missing index in a background tsift index, answering meanwhile with its progress (--no-first-index: no index is built)",
    },
  },
  examples: [
    { command: "tsift mcp", description: "what an MCP client starts (tsift init --claude registers it)" },
    { command: "tsift mcp --profile slim", description: "six tools for a small context window" },
  ],
  async run(options, io) {
    const { runMcp } = await import("../mcp/run-mcp");
    return runMcp(io, options);
  },
});
