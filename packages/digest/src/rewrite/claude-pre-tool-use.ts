import { rewriteCommand, type RewriteReport } from "./rewrite-command";

/**
 * What Claude Code reads back from a `PreToolUse` hook to replace a Bash command. It carries
 * no `permissionDecision`: the replaced command goes through the user's own permission rules
 * and prompts exactly as any other, so the hook never widens or narrows what runs.
 */
export interface ClaudePreToolUseOutput {
  hookSpecificOutput: {
    hookEventName: "PreToolUse";
    /** The tool input with `command` replaced by its rewrite; the other fields as they came. */
    updatedInput: Record<string, unknown>;
    /** One line telling the agent why its command was replaced. */
    additionalContext: string;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The `PreToolUse` hook for Claude Code's Bash tool: the hook input (`tool_name`,
 * `tool_input.command`, …) in, the replacement command out, or null to let the command
 * run unchanged (not Bash, not routable, malformed input). Other `tool_input` fields such
 * as `description` and `timeout` are kept. It only rewrites and explains; whether the
 * rewrite may run is left to the user's permission settings. The command is taken to run in
 * the input's `cwd`, else in `cwd`.
 */
export function claudePreToolUse(input: unknown, cwd?: string): { output: ClaudePreToolUseOutput | null; rewrite: RewriteReport | null } {
  if (!isObject(input) || input.tool_name !== "Bash" || !isObject(input.tool_input) || typeof input.tool_input.command !== "string") {
    return { output: null, rewrite: null };
  }
  const at = typeof input.cwd === "string" ? input.cwd : cwd;
  const rewrite = rewriteCommand(input.tool_input.command, at !== undefined ? { cwd: at } : {});
  if (!rewrite.rewritten) return { output: null, rewrite };
  return {
    rewrite,
    output: {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: { ...input.tool_input, command: rewrite.rewrite },
        additionalContext: `tsift replaced \`${input.tool_input.command}\` with \`${rewrite.rewrite}\`: ${rewrite.reason}`,
      },
    },
  };
}
