import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectSessionSource, digestSession } from "../src/index";
import { MAX_DISTINCT } from "../src/session/bounded-counter";
import { claude, codex, streamOf } from "./session-fixtures";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "tsift-session-"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src", "math.ts"), "export const add = (a: number, b: number) => a + b;\n");
  writeFileSync(join(root, "Makefile"), "all:\n");
  return root;
}

describe("digestSession on Claude Code JSONL", () => {
  const root = project();
  const sid = "7f1c0e2a-session";
  const lines = [
    claude.user(root, sid, "do [#42] fix the `addNumbers` overflow in src/math.ts"),
    claude.assistant(root, sid, "msg_1", [claude.text("Looking at `MathUtils.add` first.")]),
    claude.assistant(root, sid, "msg_1", [claude.read("toolu_1", join(root, "src/math.ts"))]),
    claude.toolResult(root, sid, "toolu_1", "     1\texport const add = (a: number, b: number) => a + b;"),
    claude.assistant(root, sid, "msg_2", [claude.edit("toolu_2", join(root, "src/math.ts"))]),
    claude.toolResult(root, sid, "toolu_2", "The file has been updated."),
    claude.assistant(root, sid, "msg_3", [claude.bash("toolu_3", "ls src 2>/dev/null && cat Makefile")]),
    claude.toolResult(root, sid, "toolu_3", "math.ts\nall:"),
    claude.assistant(root, sid, "msg_4", [claude.bash("toolu_4", "npm test")]),
    claude.toolResult(
      root,
      sid,
      "toolu_4",
      "Exit code 1\n FAIL  src/math.test.ts > add > handles overflow\nAssertionError: expected 3 to be 4\n Tests  1 failed | 4 passed (5)",
      true,
    ),
    claude.assistant(root, sid, "msg_5", [claude.bash("toolu_5", "cargo test")]),
    claude.toolResult(root, sid, "toolu_5", 'test result: ok. 3 passed; 0 failed; 0 ignored\nfailures:\nNo failures detected\n    panic!("boom");', false),
    claude.assistant(root, sid, "msg_6", [claude.bash("toolu_6", "git commit -m 'math: overflow' && git push")]),
    claude.toolResult(root, sid, "toolu_6", "[main 1234abc] math: overflow\n 1 file changed"),
    claude.user(root, sid, "also check the tests/commit flow"),
    "{not json at all",
    claude.summary("Fixed overflow"),
    claude.user(root, sid, "tail").slice(0, 40),
  ];

  it("reports prompts, commands, files, symbols, failures, restarts and closeout, and skips bad lines with a count", async () => {
    const digest = await digestSession(streamOf(lines, false), { root });
    expect(digest.source).toBe("claude-jsonl");
    expect(digest.malformed_lines).toBe(2);
    expect(digest.session_ids).toEqual([sid]);
    expect(digest.prompt_targets.map((item) => item.text)).toEqual([
      "also check the tests/commit flow",
      "do [#42] fix the `addNumbers` overflow in src/math.ts",
    ]);
    expect(digest.commands.map((item) => item.text)).toEqual([
      "ls src 2>/dev/null && cat Makefile",
      "npm test",
      "cargo test",
      "git commit -m 'math: overflow' && git push",
    ]);
    const files = digest.files.map((item) => item.text);
    expect(files).toContain("src/math.ts");
    expect(files).toContain("Makefile");
    expect(files.some((file) => file.includes("/dev/null") || file === "src" || file === "tests/commit")).toBe(false);
    expect(digest.symbols.map((item) => item.text)).toEqual(expect.arrayContaining(["addNumbers", "MathUtils.add"]));
    const failures = digest.failures.map((failure) => failure.text);
    expect(failures).toContain("npm test exited with code 1");
    expect(failures).toContain("AssertionError: expected 3 to be 4");
    expect(failures.some((text) => /0 failed|No failures|^failures:|panic!/.test(text))).toBe(false);
    expect(digest.failures.every((failure) => failure.command === "npm test")).toBe(true);
    expect(digest.restarts.total).toBe(1);
    const closeout = Object.fromEntries(digest.closeout.map((step) => [step.kind, step.last_status]));
    expect(closeout).toEqual({ tests: "ok", commit: "ok", push: "ok" });
    expect(digest.economy.input_bytes).toBeGreaterThan(0);
  });

  it("does not take a harness record's following line as a prompt target", async () => {
    const digest = await digestSession(
      streamOf([
        claude.user(root, sid, "<command-name>/clear</command-name>\n<command-message>clear</command-message>\nsome echoed text"),
        claude.user(root, sid, "<system-reminder>\nplan mode is on\n</system-reminder>"),
        claude.user(root, sid, "the real request"),
      ]),
      { root },
    );
    expect(digest.prompt_targets.map((item) => item.text)).toEqual(["the real request"]);
  });

  it("skips a line longer than the cap and keeps reading", async () => {
    const huge = claude.user(root, sid, "x".repeat(5 * 1024 * 1024));
    const digest = await digestSession(streamOf([huge, claude.user(root, sid, "after the huge line")]), { root });
    expect(digest.oversized_lines).toBe(1);
    expect(digest.prompt_targets.map((item) => item.text)).toEqual(["after the huge line"]);
  });

  it("bounds every list with --limit and reports the totals", async () => {
    const many = Array.from({ length: 30 }, (_, i) => claude.assistant(root, sid, `m${i}`, [claude.bash(`t${i}`, `echo ${i}`)]));
    const digest = await digestSession(streamOf(many), { root, limit: 5 });
    expect(digest.commands).toHaveLength(5);
    expect(digest.commands_total).toBe(30);
  });
});

describe("digestSession on a long transcript", () => {
  it("keeps bounded tallies and says its counts are lower bounds", async () => {
    async function* lines() {
      for (let i = 0; i < 20_000; i++) yield `${claude.assistant("/repo", "s", `m${i}`, [claude.bash(`t${i}`, `echo distinct-${i}`)])}\n`;
    }
    const digest = await digestSession(lines(), { limit: 3 });
    expect(digest.tool_calls).toBe(20_000);
    expect(digest.commands).toHaveLength(3);
    expect(digest.commands_total).toBe(MAX_DISTINCT);
    expect(digest.approximate).toBe(true);
  });
});

describe("digestSession on Codex rollouts, markdown and runtime logs", () => {
  it("names the failed command from the function call's exit code", async () => {
    const lines = [
      codex.meta("/repo", "0199-abc"),
      codex.user("run the rust tests"),
      codex.shell("call_1", "cargo test -p core"),
      codex.output("call_1", "thread 'adds' panicked at src/lib.rs:4:5:\nassertion failed: 1 == 2\ntest result: FAILED. 0 passed; 1 failed", 101),
      codex.shell("call_2", "sed -n '1,40p' src/lib.rs"),
      codex.output("call_2", "fn add() {}", 0),
    ];
    const digest = await digestSession(streamOf(lines));
    expect(digest.source).toBe("codex-jsonl");
    expect(digest.cwd).toBe("/repo");
    expect(digest.failures[0]).toMatchObject({ command: "cargo test", text: "cargo test exited with code 101", resolved: false });
    expect(digest.failures.map((failure) => failure.text)).toContain("thread 'adds' panicked at src/lib.rs:4:5:");
    expect(digest.files.map((item) => item.text)).toContain("src/lib.rs");
    expect(digest.prompt_targets.map((item) => item.text)).toEqual(["run the rust tests"]);
  });

  it("reads newer rollouts: exec_command with a cmd string, plain-text output with its exit code, apply_patch paths", async () => {
    const item = (payload: object) => JSON.stringify({ timestamp: "2026-05-02T09:00:00.000Z", type: "response_item", payload });
    const lines = [
      codex.meta("/repo", "0199-new"),
      item({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: "pnpm test" }), call_id: "e1" }),
      item({ type: "function_call_output", call_id: "e1", output: "Exit code: 1\nWall time: 2.1 seconds\nOutput:\nError: Cannot find module 'zod'" }),
      item({
        type: "custom_tool_call",
        name: "apply_patch",
        call_id: "p1",
        input: "*** Begin Patch\n*** Update File: src/schema.ts\n@@\n-a\n+b\n*** End Patch",
      }),
    ];
    const digest = await digestSession(streamOf(lines));
    expect(digest.commands.map((item) => item.text)).toEqual(["pnpm test"]);
    expect(digest.failures.map((failure) => failure.text)).toEqual(["pnpm test exited with code 1", "Error: Cannot find module 'zod'"]);
    expect(digest.files.map((item) => item.text)).toEqual(["src/schema.ts"]);
  });

  it("reads a markdown session document without its instruction ballast", async () => {
    const doc = [
      "# Session",
      "**Do this:**",
      "## User",
      "do [#7] tidy packages/cli/src/main.ts",
      "Use /command <arg> to start",
      "## Assistant",
      "```bash",
      "$ npm run build",
      "```",
      "error TS2322: Type 'string' is not assignable to type 'number'.",
      "4 passed, 0 failed",
    ];
    const digest = await digestSession(streamOf(doc));
    expect(digest.source).toBe("markdown");
    expect(digest.prompt_targets.map((item) => item.text)).toEqual(["do [#7] tidy packages/cli/src/main.ts"]);
    expect(digest.commands.map((item) => item.text)).toEqual(["npm run build"]);
    expect(digest.failures.map((failure) => failure.text)).toEqual(["error TS2322: Type 'string' is not assignable to type 'number'."]);
    expect(digest.files.map((item) => item.text)).toEqual(["packages/cli/src/main.ts"]);
  });

  it("detects runtime logs and counts their churn", async () => {
    const log = [
      "2026-05-02T10:00:00Z INFO session start file=tasks/a.md",
      "2026-05-02T10:05:00Z WARN event=auto_trigger_timeout restart_count=1",
      "2026-05-02T10:05:01Z INFO event=fresh_restart restart_count=2",
      "2026-05-02T10:06:00Z INFO event=quit_after_eof",
    ];
    expect(detectSessionSource(log)).toBe("log");
    const digest = await digestSession(streamOf(log));
    expect(digest.source).toBe("log");
    expect(digest.restarts.max_restart_count).toBe(2);
    expect(digest.restarts.events.map((item) => item.text)).toEqual(["session_start", "auto_trigger_timeout", "fresh_restart", "quit_after_eof"]);
  });

  it("counts restarts from restart_count when the log says more than its restart events do", async () => {
    const digest = await digestSession(streamOf(["2026-05-02T10:00:00Z INFO worker up", "2026-05-02T10:09:00Z WARN worker restart_count=3"]));
    expect(digest.source).toBe("log");
    expect(digest.restarts).toMatchObject({ total: 3, max_restart_count: 3 });
  });

  it("marks a markdown failure resolved when a later run of the same command shows no failure", async () => {
    const doc = [
      "## Assistant",
      "$ npm run build",
      "error TS2322: Type 'string' is not assignable to type 'number'.",
      "Fixed the type.",
      "$ npm run build",
      "Build finished.",
      "$ npm test",
      "FAIL src/math.test.ts > adds",
    ];
    const digest = await digestSession(streamOf(doc));
    expect(digest.source).toBe("markdown");
    expect(digest.failures.map(({ command, text, resolved }) => ({ command, text, resolved }))).toEqual([
      { command: "npm run", text: "error TS2322: Type 'string' is not assignable to type 'number'.", resolved: true },
      { command: "npm test", text: "FAIL src/math.test.ts > adds", resolved: false },
    ]);
  });
});
