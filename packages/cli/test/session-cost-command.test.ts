import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";
import { claudeResult, claudeTool, claudeUser, codexMeta, codexTokens, readTool, writeTranscript } from "./session-transcripts";

function heavySession(cwd: string): string {
  const body = Array.from({ length: 30 }, (_, i) => `${i + 1}\tconst x${i} = ${i};`).join("\n");
  return writeTranscript(join(cwd, "heavy.jsonl"), [
    claudeUser(cwd, "s", "go"),
    claudeTool(cwd, "s", "m1", readTool("r1", join(cwd, "src/big.ts")), [100, 5000, 0, 10]),
    claudeResult(cwd, "s", "r1", body),
    // The same message logged again for its next content block: its usage is not a new turn.
    claudeTool(cwd, "s", "m1", readTool("r1b", join(cwd, "src/other.ts")), [100, 5000, 0, 60]),
    claudeTool(cwd, "s", "m2", readTool("r2", join(cwd, "src/big.ts")), [20, 0, 160_000, 40]),
    claudeResult(cwd, "s", "r2", body),
    "not json",
  ]);
}

describe("tsift session-cost", () => {
  it("reports token totals, the heaviest turns, repeated reads and guardrails", async () => {
    const cwd = project({ "src/big.ts": "x\n" });
    const input = heavySession(cwd);
    const result = await tsift(cwd, ["session-cost", "--input", input]);
    expect(result.code, result.err).toBe(0);
    expect(result.out.split("\n")[0]).toBe(
      "session cost (claude-jsonl): 2 turns, 165220 tokens (input 120, cache write 5000, cache read 160000, output 100), cache-read ratio 0.969, skipped 1 malformed and 0 oversized lines",
    );
    expect(result.out).toContain("\nlargest turns:\n  turn 2 ");
    expect(result.out).toContain("  src/big.ts [all] x2: ~360 duplicate tokens -> tsift source-read src/big.ts --budget normal\n");
    expect(result.out).toMatch(/^ {2}prompt_budget: a turn sent 160020 prompt tokens \(over 150000\)$/m);
    expect(result.out).not.toContain("\nloops:");
    const looping = [claudeUser(cwd, "s", "again"), claudeUser(cwd, "s", "again")].join("\n");
    expect((await tsift(cwd, ["session-cost"], { stdin: looping })).out).toContain("\nloops:\n  repeated_prompt x2: again\n");
  });

  it("--json keeps Codex's last_token_usage and skips a snapshot logged twice; stdin works", async () => {
    const cwd = project({});
    const rollout = [
      codexMeta("/repo", "cx"),
      codexTokens([1000, 600, 20], [1000, 600, 20]),
      codexTokens([1000, 600, 20], [1000, 600, 20]),
      codexTokens([1800, 1200, 50], [800, 600, 30]),
    ].join("\n");
    const result = await tsift(cwd, ["session-cost", "--json"], { stdin: rollout });
    expect(result.code, result.err).toBe(0);
    const json = result.json();
    expect(json).toMatchObject({
      input: null,
      source: "codex-jsonl",
      turns: 2,
      totals: { input: 600, cache_creation: 0, cache_read: 1200, output: 50, total: 1850 },
    });
    expect(json.largest_turns.map((turn: { turn: number }) => turn.turn)).toEqual([1, 2]);
  });

  it("--envelope, --compact and --tabular", async () => {
    const cwd = project({ "src/big.ts": "x\n" });
    const input = heavySession(cwd);
    const envelope = (await tsift(cwd, ["--envelope", "session-cost", "--input", input])).json();
    expect(envelope.tool).toBe("session-cost");
    expect(envelope.summary.metrics).toEqual(
      expect.arrayContaining([
        { label: "turns", value: 2 },
        { label: "duplicate read tokens", value: 360 },
      ]),
    );
    expect(envelope.follow_up).toContain("tsift source-read src/big.ts --budget normal");
    const compact = (await tsift(cwd, ["session-cost", "--input", input, "--compact"])).out.split("\n");
    expect(compact[1]).toMatch(/^guardrail prompt_budget: /);
    const tabular = (await tsift(cwd, ["session-cost", "--input", input, "--tabular"])).out.split("\n");
    expect(tabular[0]).toBe("turn\ttimestamp\ttotal\tinput\tcache_creation\tcache_read\toutput");
    expect(tabular[1]).toMatch(/^2\t/);
  });
});
