import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, spawnBuilt, tsift } from "./index-helpers";
import { bash, claudeResult, claudeTool, claudeUser, codexMeta, codexOutput, codexShell, codexUser, writeTranscript } from "./session-transcripts";

function claudeSession(cwd: string): string {
  return writeTranscript(
    join(cwd, "session.jsonl"),
    [
      claudeUser(cwd, "s1", "do [#9] make `loadConfig` tolerate a missing src/config.ts"),
      claudeTool(cwd, "s1", "m1", bash("t1", "npm test 2>/dev/null")),
      claudeResult(cwd, "s1", "t1", "Exit code 1\nTypeError: Cannot read properties of undefined (reading 'port')\n Tests  1 failed | 4 passed", true),
      claudeTool(cwd, "s1", "m2", bash("t2", "cargo test")),
      claudeResult(cwd, "s1", "t2", "test result: ok. 4 passed; 0 failed\nfailures:"),
      '{"type":"assistant","message":',
      claudeTool(cwd, "s1", "m3", bash("t3", "git commit -m fix && git push")),
      claudeResult(cwd, "s1", "t3", "[main abc123] fix"),
      claudeUser(cwd, "s1", "x".repeat(200)).slice(0, 100),
    ],
    0,
    false,
  );
}

describe("tsift session-digest", () => {
  it("digests a Claude Code transcript given with --input, skipping the malformed and truncated lines", async () => {
    const cwd = project({ "src/config.ts": "export {};\n" });
    const input = claudeSession(cwd);
    const result = await tsift(cwd, ["session-digest", "--input", input]);
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split("\n");
    expect(lines[0]).toBe(
      "session (claude-jsonl): 9 lines, 1 prompts, 3 tool calls, 3 distinct commands, 1 files, 3 failures (3 unresolved shown), 0 restarts, skipped 2 malformed and 0 oversized lines",
    );
    expect(result.out).toContain("\nfiles:\n  src/config.ts\n");
    expect(result.out).toContain("\nsymbols:\n  loadConfig\n");
    expect(result.out).toContain(
      "\nfailures:\n  npm test exited with code 1\n  TypeError: Cannot read properties of undefined (reading 'port')\n  Tests  1 failed | 4 passed\n",
    );
    expect(result.out).not.toMatch(/0 failed|^ {2}failures:/m);
    expect(result.out).toContain("\ncloseout: tests ok, commit ok, push ok\n");
  });

  it("reads a Codex rollout from stdin as JSON, and --source forces the parser", async () => {
    const cwd = project({});
    const rollout = [
      codexMeta("/repo", "cx"),
      codexUser("run the go tests"),
      codexShell("c1", "go test ./..."),
      codexOutput("c1", "--- FAIL: TestAdd (0.00s)\nFAIL", 1),
    ].join("\n");
    const result = await tsift(cwd, ["session-digest", "--json"], { stdin: rollout });
    expect(result.code, result.err).toBe(0);
    const json = result.json();
    expect(json).toMatchObject({ input: null, source: "codex-jsonl", cwd: "/repo", session_ids: ["cx"], malformed_lines: 0 });
    expect(json.failures[0]).toEqual({ command: "go test", text: "go test exited with code 1", count: 1, resolved: false });
    const forced = (await tsift(cwd, ["session-digest", "--source", "markdown", "--json"], { stdin: rollout })).json();
    expect(forced.source).toBe("markdown");
    expect((await tsift(cwd, ["session-digest", "--source", "yaml"], { stdin: rollout })).code).toBe(2);
  });

  it("--envelope, --compact and --tabular; the budget bounds the lists", async () => {
    const cwd = project({ "src/config.ts": "export {};\n" });
    const input = claudeSession(cwd);
    const envelope = await tsift(cwd, ["--envelope", "session-digest", "--input", input]);
    expect(envelope.code, envelope.err).toBe(0);
    const json = envelope.json();
    expect(json.tool).toBe("session-digest");
    expect(json.summary.metrics).toEqual(
      expect.arrayContaining([
        { label: "failures", value: 3 },
        { label: "skipped lines", value: 2 },
      ]),
    );
    expect(json.follow_up).toEqual([`tsift session-cost --input ${input}`, "tsift source-read src/config.ts --budget normal"]);
    const compact = await tsift(cwd, ["session-digest", "--input", input, "--compact"]);
    expect(compact.out.split("\n")[1]).toBe("latest prompt: do [#9] make `loadConfig` tolerate a missing src/config.ts");
    const tabular = await tsift(cwd, ["session-digest", "--input", input, "--tabular"]);
    expect(tabular.out.split("\n")[0]).toBe("kind\ttext\tcount");
    const small = (await tsift(cwd, ["session-digest", "--input", input, "--max-items", "1", "--json"])).json();
    expect(small.commands).toHaveLength(1);
    expect(small.commands_total).toBe(3);
  });

  it("a missing --input is not_found, and the built binary reads stdin", async () => {
    const cwd = project({});
    expect((await tsift(cwd, ["session-digest", "--input", "nope.jsonl"])).code).toBe(3);
    const built = spawnBuilt(cwd, ["session-digest", "--json"], { stdin: "## User\ndo [#1] ship it\n$ npm publish\n" });
    expect(built.code, built.err).toBe(0);
    expect(JSON.parse(built.out)).toMatchObject({
      source: "markdown",
      prompt_targets: [{ text: "do [#1] ship it", count: 1 }],
      commands: [{ text: "npm publish", count: 1 }],
    });
  });
});
