import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, spawnBuilt, tsift } from "./index-helpers";
import { bash, claudeResult, claudeTool, claudeUser, codexMeta, codexTokens, codexUser, writeTranscript } from "./session-transcripts";

/** A git project plus Claude and Codex homes with two related sessions and one unrelated one. */
function setup() {
  const cwd = project({ "src/app.ts": "export {};\n", "tasks/plan.md": "# plan\n" });
  mkdirSync(join(cwd, ".git"), { recursive: true });
  const homes = project({});
  const claudeDir = join(homes, "claude");
  const codexDir = join(homes, "codex");
  const slug = cwd.replace(/[^A-Za-z0-9]/g, "-");
  writeTranscript(
    join(claudeDir, "projects", slug, "a.jsonl"),
    [
      claudeUser(cwd, "latest", "continue tasks/plan.md: wire `startServer` into src/app.ts"),
      claudeTool(cwd, "latest", "m1", bash("t1", "npm test"), [200, 0, 3000, 20]),
      claudeResult(cwd, "latest", "t1", "Exit code 1\nError: listen EADDRINUSE", true),
      "{truncated",
    ],
    1,
  );
  writeTranscript(
    join(codexDir, "sessions", "2026", "05", "02", "rollout-2026-05-02T10-00-00-x.jsonl"),
    [codexMeta(cwd, "cx"), codexUser("look around"), codexTokens([900, 800, 10], [900, 800, 10])],
    20,
  );
  writeTranscript(
    join(codexDir, "sessions", "2026", "05", "02", "rollout-2026-05-02T11-00-00-y.jsonl"),
    [codexMeta("/somewhere/else", "other"), codexTokens([5, 0, 5], [5, 0, 5])],
    0,
  );
  return { cwd, dirs: ["--claude-dir", claudeDir, "--codex-dir", codexDir] };
}

describe("tsift session-review", () => {
  it("reviews the repository's newest sessions, the latest session's tokens apart from the aggregate", async () => {
    const { cwd, dirs } = setup();
    const result = await tsift(cwd, ["session-review", ".", ...dirs]);
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split("\n");
    expect(lines[0]).toBe(`session review of ${cwd} (directory): 2 of 2 matched sessions reviewed (2 candidates)`);
    expect(result.out).toContain(
      "\nlatest session tokens: 3220 tokens (input 200, cache write 0, cache read 3000, output 20), cache-read ratio 0.938, largest turn 3220\n",
    );
    expect(result.out).toContain(
      "\naggregate tokens over 2 sessions: 4130 tokens (input 300, cache write 0, cache read 3800, output 30), cache-read ratio 0.927, largest turn 3220\n",
    );
    expect(result.out).toContain("\nunresolved failures:\n  npm test exited with code 1\n  Error: listen EADDRINUSE\n");
    // Each session line starts with its transcript's first and last entry times, not the file's modification time.
    const json = (await tsift(cwd, ["session-review", ".", "--json", ...dirs])).json();
    for (const session of json.sessions as { path: string; client: string }[]) {
      const stamps = readFileSync(session.path, "utf8")
        .split("\n")
        .flatMap((line) => {
          try {
            return [(JSON.parse(line) as { timestamp?: string }).timestamp];
          } catch {
            return [];
          }
        })
        .filter((stamp) => stamp !== undefined);
      const line = lines.find((text) => text.endsWith(`  ${session.path}`));
      expect(line?.startsWith(`  ${stamps[0]}..${stamps.at(-1)} ${session.client} `), line).toBe(true);
    }
  });

  it("--json keeps the legacy token fields, aggregate_cost and latest_session_cost", async () => {
    const { cwd, dirs } = setup();
    const json = (await tsift(cwd, ["session-review", ...dirs, "--json"])).json();
    expect(json).toMatchObject({
      input_tokens: 300,
      cache_read_input_tokens: 3800,
      output_tokens: 30,
      aggregate_cost: { scope: "bounded_matched_sessions", total: 4130 },
      latest_session_cost: { scope: "latest_matched_session", total: 3220 },
    });
    expect(json.sessions.map((session: { client: string; largest_turn_total_tokens: number }) => [session.client, session.largest_turn_total_tokens])).toEqual([
      ["claude", 3220],
      ["codex", 910],
    ]);
    expect(json.sessions[0].malformed_lines).toBe(1);
    const one = (await tsift(cwd, ["session-review", ...dirs, "--sessions", "1", "--json"])).json();
    expect(one.sessions).toHaveLength(1);
    expect(one.aggregate_cost.total).toBe(3220);
  });

  it("--next-context prints the resume packet for a document, in every mode", async () => {
    const { cwd, dirs } = setup();
    const text = await tsift(cwd, ["session-review", "tasks/plan.md", "--next-context", ...dirs]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toBe(
      [
        "resume " + join(cwd, "tasks/plan.md") + " from 1 session: 1 prompt targets, 2 unresolved",
        "prompt targets:",
        "  continue tasks/plan.md: wire `startServer` into src/app.ts",
        "closeout: tests failed (npm test)",
        "files: tasks/plan.md, src/app.ts",
        "symbols: startServer",
        "unresolved:",
        "  [command] npm test exited with code 1",
        "  [command] Error: listen EADDRINUSE",
        "next:",
        "  tsift --envelope session-review tasks/plan.md --next-context --budget normal",
        "  tsift --envelope context-pack tasks/plan.md --budget normal",
        "  tsift --envelope diff-digest --budget normal",
        "",
      ].join("\n"),
    );
    const envelope = (await tsift(cwd, ["--envelope", "session-review", "tasks/plan.md", "--next-context", ...dirs])).json();
    expect(envelope.tool).toBe("session-review");
    expect(envelope.follow_up[0]).toBe("tsift --envelope session-review tasks/plan.md --next-context --budget normal");
    const json = (await tsift(cwd, ["session-review", "tasks/plan.md", "--next-context", "--json", ...dirs])).json();
    expect(json.unresolved_failures).toEqual([
      { kind: "command", text: "npm test exited with code 1" },
      { kind: "command", text: "Error: listen EADDRINUSE" },
    ]);
    const tabular = (await tsift(cwd, ["session-review", ".", "--tabular", ...dirs])).out.split("\n");
    expect(tabular[0]).toBe("started\tended\tclient\tsession_id\tturns\ttotal_tokens\tlargest_turn_total_tokens\tfailures\tpath");
  });

  it("says so when nothing matches, and a missing target is not_found through the built binary", async () => {
    const cwd = project({});
    const empty = project({});
    const none = await tsift(cwd, ["session-review", ".", "--claude-dir", empty, "--codex-dir", empty]);
    expect(none.code, none.err).toBe(0);
    expect(none.out).toContain("no matching Claude or Codex sessions");
    writeFileSync(join(cwd, "x.txt"), "");
    const missing = spawnBuilt(cwd, ["session-review", "nope", "--claude-dir", empty, "--codex-dir", empty]);
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/nope does not exist/);
  });
});
