import { describe, expect, it } from "vitest";
import { sessionCost, TOKENS_PER_LINE } from "../src/index";
import { claude, codex, streamOf } from "./session-fixtures";

const cwd = "/repo";
const sid = "s-1";
const usage = (input: number, creation: number, read: number, output: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: creation,
  cache_read_input_tokens: read,
  output_tokens: output,
});

describe("sessionCost on Claude Code JSONL", () => {
  it("counts a streamed message's repeated usage once and ranks the heaviest turns", async () => {
    const lines = [
      claude.user(cwd, sid, "go"),
      claude.assistant(cwd, sid, "msg_1", [claude.text("a")], usage(100, 1000, 0, 1)),
      claude.assistant(cwd, sid, "msg_1", [claude.bash("t1", "ls")], usage(100, 1000, 0, 40)),
      claude.assistant(cwd, sid, "msg_2", [claude.text("b")], usage(5, 10, 9000, 20)),
      claude.assistant(cwd, sid, "msg_3", [claude.text("c")], usage(3, 0, 500, 7)),
    ];
    const cost = await sessionCost(streamOf(lines));
    expect(cost.turns).toBe(3);
    expect(cost.totals).toEqual({ input: 108, cache_creation: 1010, cache_read: 9500, output: 67, prompt_side: 10618, total: 10685 });
    expect(cost.cache_read_ratio).toBe(0.895);
    expect(cost.largest_turns.map((turn) => [turn.turn, turn.total])).toEqual([
      [2, 9035],
      [1, 1140],
      [3, 510],
    ]);
    expect(cost.guardrails).toEqual([]);
  });

  it("groups repeated reads of one file range and estimates the duplicate tokens", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `${i + 1}\tline`).join("\n");
    const lines = [
      claude.user(cwd, sid, "read it"),
      claude.assistant(cwd, sid, "m1", [claude.read("r1", "/repo/src/big.ts")]),
      claude.toolResult(cwd, sid, "r1", body),
      claude.assistant(cwd, sid, "m2", [claude.read("r2", "/repo/src/big.ts")]),
      claude.toolResult(cwd, sid, "r2", body),
      claude.assistant(cwd, sid, "m3", [claude.bash("r3", "sed -n '10,29p' src/big.ts")]),
      claude.toolResult(cwd, sid, "r3", body),
      claude.assistant(cwd, sid, "m4", [claude.bash("r4", "sed -n '10,29p' src/big.ts")]),
      claude.assistant(cwd, sid, "m5", [claude.read("r5", "/repo/src/once.ts")]),
    ];
    const cost = await sessionCost(streamOf(lines));
    expect(cost.repeated_reads).toEqual([
      {
        path: "src/big.ts",
        range: "all",
        reads: 2,
        estimated_tokens: 80 * TOKENS_PER_LINE,
        duplicate_tokens: 40 * TOKENS_PER_LINE,
        follow_up: ["tsift source-read src/big.ts --budget normal", "tsift summarize --file src/big.ts"],
      },
      {
        path: "src/big.ts",
        range: "10-29",
        reads: 2,
        estimated_tokens: 40 * TOKENS_PER_LINE,
        duplicate_tokens: 20 * TOKENS_PER_LINE,
        follow_up: ["tsift source-read src/big.ts --start 10 --lines 20 --budget normal", "tsift summarize --file src/big.ts"],
      },
    ]);
    expect(cost.duplicate_read_tokens).toBe(60 * TOKENS_PER_LINE);
  });

  it("warns about oversized turns, cached resend and restart loops", async () => {
    const lines = [
      ...Array.from({ length: 12 }, (_, i) => claude.assistant(cwd, sid, `m${i}`, [claude.text("x")], usage(10, 0, 190_000, 50))),
      claude.summary("one"),
      claude.summary("two"),
      claude.summary("three"),
    ];
    const cost = await sessionCost(streamOf(lines));
    expect(cost.guardrails.map((guardrail) => guardrail.kind)).toEqual(["prompt_budget", "cached_resend", "restart_loop"]);
    expect(cost.guardrails.every((guardrail) => guardrail.action.includes("tsift"))).toBe(true);
  });
});

describe("sessionCost on Codex rollouts", () => {
  it("prefers last_token_usage, skips a cumulative snapshot logged twice, and splits cached input out", async () => {
    const lines = [
      codex.meta(cwd, "c-1"),
      codex.tokens({ input_tokens: 1000, cached_input_tokens: 800, output_tokens: 50 }, { input_tokens: 1000, cached_input_tokens: 800, output_tokens: 50 }),
      codex.tokens({ input_tokens: 1000, cached_input_tokens: 800, output_tokens: 50 }, { input_tokens: 1000, cached_input_tokens: 800, output_tokens: 50 }),
      // A second cumulative stream interleaved: only last_token_usage is trustworthy.
      codex.tokens({ input_tokens: 300, cached_input_tokens: 0, output_tokens: 10 }, { input_tokens: 300, cached_input_tokens: 0, output_tokens: 10 }),
      codex.tokens({ input_tokens: 2500, cached_input_tokens: 2000, output_tokens: 90 }, { input_tokens: 1500, cached_input_tokens: 1200, output_tokens: 40 }),
    ];
    const cost = await sessionCost(streamOf(lines));
    expect(cost.source).toBe("codex-jsonl");
    expect(cost.turns).toBe(3);
    expect(cost.totals).toEqual({ input: 800, cache_creation: 0, cache_read: 2000, output: 100, prompt_side: 2800, total: 2900 });
    expect(cost.largest_turns[0]).toMatchObject({ turn: 3, total: 1540 });
  });

  it("falls back to cumulative deltas when last_token_usage is absent", async () => {
    const lines = [
      codex.meta(cwd, "c-2"),
      codex.tokens({ input_tokens: 100, cached_input_tokens: 0, output_tokens: 10 }),
      codex.tokens({ input_tokens: 100, cached_input_tokens: 0, output_tokens: 10 }),
      codex.tokens({ input_tokens: 350, cached_input_tokens: 200, output_tokens: 30 }),
    ];
    const cost = await sessionCost(streamOf(lines));
    expect(cost.turns).toBe(2);
    expect(cost.totals).toMatchObject({ input: 150, cache_read: 200, output: 30 });
  });

  it("skips malformed and truncated lines with a count", async () => {
    const full = codex.tokens({ input_tokens: 10, cached_input_tokens: 0, output_tokens: 1 }, { input_tokens: 10, cached_input_tokens: 0, output_tokens: 1 });
    const cost = await sessionCost(streamOf([codex.meta(cwd, "c-3"), "}}garbage{{", full, full.slice(0, 30)], false));
    expect(cost.malformed_lines).toBe(2);
    expect(cost.turns).toBe(1);
  });
});

describe("sessionCost loop clusters", () => {
  it("names repeated prompts, repeated command bundles and no-op commits, and warns about no-op closeout churn", async () => {
    const round = (i: number) => [
      claude.user(cwd, sid, "run the checks again"),
      claude.assistant(cwd, sid, `a${i}`, [claude.bash(`b${i}`, "npm test")]),
      claude.assistant(cwd, sid, `c${i}`, [claude.bash(`c${i}`, "git commit -am wip")]),
      claude.toolResult(cwd, sid, `c${i}`, "On branch main\nnothing to commit, working tree clean"),
    ];
    const cost = await sessionCost(streamOf([...round(1), ...round(2), ...round(3), claude.user(cwd, sid, "done?")]));
    expect(cost.loop_clusters).toEqual([
      { kind: "repeated_prompt", text: "run the checks again", count: 3 },
      { kind: "repeated_command_bundle", text: "npm test ; git commit -am wip", count: 3 },
      { kind: "noop_closeout", text: "commit with nothing to commit", count: 3 },
    ]);
    expect(cost.noop_closeouts).toBe(3);
    expect(cost.guardrails.map((guardrail) => guardrail.kind)).toEqual(["noop_closeout"]);
  });

  it("counts a runtime log's commit_already_current once per cycle", async () => {
    const log = [
      "event=document_cycle cycle=1 phase=closeout commit_already_current",
      "event=document_cycle cycle=1 phase=closeout commit_already_current",
      "event=document_cycle cycle=2 phase=closeout commit_already_current",
    ];
    const cost = await sessionCost(streamOf(log));
    expect(cost.source).toBe("log");
    expect(cost.noop_closeouts).toBe(2);
    expect(cost.guardrails).toEqual([]);
  });

  it.each([
    ["a count on a line that names no event", ["2026-05-02T10:00:00Z INFO worker up", "2026-05-02T10:09:00Z WARN worker restart_count=3"]],
    ["a count on an event that is no restart word", ["2026-05-02T10:00:00Z INFO event=started restart_count=3"]],
  ])("takes a runtime log's restart_count as its restarts: %s", async (_what, log) => {
    const cost = await sessionCost(streamOf(log));
    expect(cost.source).toBe("log");
    expect(cost.runtime).toMatchObject({ restarts: 3, max_restart_count: 3 });
    expect(cost.guardrails.map((guardrail) => guardrail.kind)).toEqual(["restart_loop"]);
  });
});
