import { rewriteCommand, type RewriteReport } from "./rewrite-command";

/** What Claude Code reads back from a `PreToolUse` hook to replace a Bash command. */
export interface ClaudePreToolUseOutput {
  hookSpecificOutput: {
    hookEventName: "PreToolUse";
    /** `allow` for read-only rewrites (search, diff digest); `ask` when the rewrite still runs the command (tests, builds). */
    permissionDecision: "allow" | "ask";
    permissionDecisionReason: string;
    updatedInput: Record<string, unknown>;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The `PreToolUse` hook for Claude Code's Bash tool: the hook input (`tool_name`,
 * `tool_input.command`, …) in, the replacement command out, or null to let the command
 * run unchanged (not Bash, not routable, malformed input). Other `tool_input` fields such
 * as `description` and `timeout` are kept. A read-only rewrite is allowed outright; one
 * that still executes the command asks, so the hook never widens what runs unprompted.
 */
export function claudePreToolUse(input: unknown): { output: ClaudePreToolUseOutput | null; rewrite: RewriteReport | null } {
  if (!isObject(input) || input.tool_name !== "Bash" || !isObject(input.tool_input) || typeof input.tool_input.command !== "string") {
    return { output: null, rewrite: null };
  }
  const rewrite = rewriteCommand(input.tool_input.command);
  if (!rewrite.rewritten) return { output: null, rewrite };
  const executes = rewrite.kind === "test" || rewrite.kind === "build";
  return {
    rewrite,
    output: {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: executes ? "ask" : "allow",
        permissionDecisionReason: `tsift: ${rewrite.reason}`,
        updatedInput: { ...input.tool_input, command: rewrite.rewrite },
      },
    },
  };
}
