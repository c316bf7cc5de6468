import { mkdirSync, mkdtempSync, readFileSync, realpathSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeProjectSlug, sessionReview } from "../src/index";
import { claude, codex } from "./session-fixtures";

const usage = (input: number, read: number, output: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: read,
  output_tokens: output,
});

/** A repository plus Claude and Codex homes holding transcripts of it (and of an unrelated directory). */
function setup() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "tsift-review-")));
  const repo = join(base, "work", "my.repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(repo, "tasks"));
  mkdirSync(join(repo, "src"));
  writeFileSync(join(repo, "tasks", "plan.md"), "# plan\n");
  writeFileSync(join(repo, "src", "app.ts"), "export {};\n");
  const claudeDir = join(base, "claude");
  const codexDir = join(base, "codex");
  const project = join(claudeDir, "projects", claudeProjectSlug(repo));
  mkdirSync(project, { recursive: true });
  const write = (path: string, lines: string[], minutesAgo: number) => {
    writeFileSync(path, `${lines.join("\n")}\n`);
    const at = new Date(Date.UTC(2026, 4, 2, 12, 0) - minutesAgo * 60_000);
    utimesSync(path, at, at);
  };
  write(
    join(project, "older.jsonl"),
    [
      claude.user(repo, "old", "do [#1] work through tasks/plan.md"),
      claude.assistant(repo, "old", "o1", [claude.bash("b1", "npm test")], usage(100, 50_000, 10)),
      claude.toolResult(repo, "old", "b1", "Exit code 1\nError: cannot find module './x'", true),
      claude.assistant(repo, "old", "o2", [claude.bash("b2", "npm test")], usage(100, 60_000, 10)),
      claude.toolResult(repo, "old", "b2", "Tests 3 passed"),
    ],
    30,
  );
  write(
    join(project, "latest.jsonl"),
    [
      claude.user(repo, "new", "refactor `startServer` in src/app.ts"),
      claude.assistant(repo, "new", "n1", [claude.bash("c1", "npx vitest run")], usage(200, 1_000, 20)),
      claude.toolResult(repo, "new", "c1", "Exit code 1\nAssertionError: expected 1 to be 2", true),
      "{broken",
    ],
    5,
  );
  const day = join(codexDir, "sessions", "2026", "05", "02");
  mkdirSync(day, { recursive: true });
  write(
    join(day, "rollout-2026-05-02T11-00-00-aaa.jsonl"),
    [
      codex.meta(join(repo, "src"), "cx-1"),
      codex.user("check the build"),
      codex.tokens({ input_tokens: 500, cached_input_tokens: 400, output_tokens: 5 }, { input_tokens: 500, cached_input_tokens: 400, output_tokens: 5 }),
    ],
    15,
  );
  write(join(day, "rollout-2026-05-02T11-30-00-bbb.jsonl"), [codex.meta(join(base, "elsewhere"), "cx-2"), codex.user("unrelated")], 1);
  return { repo, claudeDir, codexDir };
}

describe("sessionReview", () => {
  it("reviews the newest sessions of a repository, the latest session's cost apart from the aggregate", async () => {
    const { repo, claudeDir, codexDir } = setup();
    const review = await sessionReview({ target: repo, claudeDir, codexDir });
    expect(review.root).toBe(repo);
    expect(review.target_kind).toBe("directory");
    expect(review.sessions.map((session) => [session.client, session.session_id])).toEqual([
      ["claude", "new"],
      ["codex", "cx-1"],
      ["claude", "old"],
    ]);
    expect(review.sessions[0]).toMatchObject({ malformed_lines: 1, largest_turn_total_tokens: 1_220 });
    // Each session's time is its transcript's own first and last entry, not the file's modification time.
    for (const session of review.sessions) {
      const stamps = readFileSync(session.path, "utf8")
        .split("\n")
        .flatMap((line) => {
          try {
            return [(JSON.parse(line) as { timestamp: string }).timestamp];
          } catch {
            return [];
          }
        });
      expect({ path: session.path, started: session.started, ended: session.ended }).toEqual({ path: session.path, started: stamps[0], ended: stamps.at(-1) });
      expect(session.ended).not.toBe(session.modified);
    }
    expect(review.latest_session_cost).toMatchObject({ scope: "latest_matched_session", total: 1_220 });
    expect(review.aggregate_cost).toMatchObject({ scope: "bounded_matched_sessions", input: 500, cache_read: 111_400, output: 45 });
    expect(review.input_tokens).toBe(500);
    expect(review.cache_read_input_tokens).toBe(111_400);
    // npm test failed, then passed: resolved. The vitest run did not.
    expect(review.failures.map((failure) => failure.text)).toEqual(["npx vitest exited with code 1", "AssertionError: expected 1 to be 2"]);
    expect(review.next_context.prompt_targets).toEqual(["refactor `startServer` in src/app.ts"]);
    expect(review.next_context.files).toEqual(["src/app.ts"]);
    expect(review.next_context.symbols).toEqual(["startServer"]);
    expect(review.next_context.next_commands[0]).toBe("tsift --envelope session-review . --next-context --budget normal");
  });

  it("bounds the sessions and counts a document's transcripts only when they name it", async () => {
    const { repo, claudeDir, codexDir } = setup();
    const review = await sessionReview({ target: join(repo, "tasks", "plan.md"), claudeDir, codexDir, sessions: 2 });
    expect(review.target_kind).toBe("document");
    expect(review.sessions.map((session) => session.session_id)).toEqual(["old"]);
    expect(review.sessions[0]?.evidence).toEqual(["mention", "cwd"]);
    expect(review.next_context.next_commands[0]).toBe("tsift --envelope session-review tasks/plan.md --next-context --budget normal");
    const bounded = await sessionReview({ target: repo, claudeDir, codexDir, sessions: 1 });
    expect(bounded.sessions).toHaveLength(1);
    expect(bounded.matched).toBe(3);
    expect(bounded.aggregate_cost.total).toBe(bounded.latest_session_cost?.total);
  });

  it("counts the session a document's agent_doc_session frontmatter names", async () => {
    const { repo, claudeDir, codexDir } = setup();
    writeFileSync(join(repo, "tasks", "other.md"), "---\nagent_doc_session: cx-1\ntitle: other\n---\n# other\n");
    const review = await sessionReview({ target: join(repo, "tasks", "other.md"), claudeDir, codexDir });
    expect(review.sessions.map((session) => session.session_id)).toEqual(["cx-1"]);
    const plain = await sessionReview({ target: join(repo, "src", "app.ts"), claudeDir, codexDir });
    expect(plain.sessions.map((session) => session.session_id)).toEqual(["new"]);
  });

  it("finds Claude sessions started in a subdirectory, but not a look-alike sibling's", async () => {
    const { repo, claudeDir, codexDir } = setup();
    const sub = join(repo, "src");
    const sibling = `${repo}-src`;
    mkdirSync(sibling);
    for (const [cwd, id] of [
      [sub, "in-src"],
      [sibling, "sibling"],
    ] as const) {
      const dir = join(claudeDir, "projects", claudeProjectSlug(cwd));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${id}.jsonl`), `${claude.summary("s")}\n${claude.user(cwd, id, "hello")}\n`);
    }
    const review = await sessionReview({ target: repo, claudeDir, codexDir, sessions: 10 });
    const ids = review.sessions.map((session) => session.session_id);
    expect(ids).toContain("in-src");
    expect(ids).not.toContain("sibling");
  });

  it("fails with not_found for a missing target", async () => {
    await expect(sessionReview({ target: "/no/such/path/here" })).rejects.toMatchObject({ code: "not_found" });
  });
});
