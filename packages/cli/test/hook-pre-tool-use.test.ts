import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

/** The JSON Claude Code pipes into a PreToolUse hook for a Bash call. */
const bashCall = (cwd: string, command: string) =>
  JSON.stringify({
    session_id: "s1",
    transcript_path: "/tmp/t.jsonl",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "run it" },
    tool_use_id: "toolu_1",
  });

describe("tsift hook pre-tool-use", () => {
  it("never decides a permission: it rewrites the command or says nothing", async () => {
    const root = project({ "src/a.ts": "export const a = 1;\n" }, { git: true });
    for (const command of ["npm test", "git diff", "rg foo", "ls", "cargo build", "git diff --cached", "grep -rn foo src"]) {
      const run = await tsift(root, ["hook", "pre-tool-use"], { stdin: bashCall(root, command) });
      expect(run.code).toBe(0);
      expect(run.out).not.toMatch(/permissionDecision/);
      const rewrite = await tsift(root, ["rewrite", command]);
      if (rewrite.code !== 0) {
        expect(run.out).toBe("");
        continue;
      }
      expect(JSON.parse(run.out)).toEqual({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          updatedInput: { command: rewrite.out.trim(), description: "run it" },
          additionalContext: expect.stringContaining(`\`${rewrite.out.trim()}\``),
        },
      });
    }
  });
});
