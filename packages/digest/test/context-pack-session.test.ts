import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeProjectSlug, contextPack } from "../src/index";
import { claude } from "./session-fixtures";

describe("contextPack with agent sessions", () => {
  it("carries the newest sessions' resume packet for the target, and null when no session worked on it", async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "tsift-pack-session-")));
    const repo = join(base, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    writeFileSync(join(repo, "plan.md"), "# plan\n");
    const claudeDir = join(base, "claude");
    const empty = join(base, "none");
    const project = join(claudeDir, "projects", claudeProjectSlug(repo));
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, "s1.jsonl"),
      `${[
        claude.user(repo, "s1", "fix the failing parser in plan.md"),
        claude.assistant(repo, "s1", "a1", [claude.bash("b1", "npm test")], {
          input_tokens: 10,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 5,
        }),
        claude.toolResult(repo, "s1", "b1", "Exit code 1\nError: parser failed at line 3", true),
      ].join("\n")}\n`,
    );
    const pack = await contextPack({ target: join(repo, "plan.md"), cwd: repo, diff: false, claudeDir, codexDir: empty });
    expect(pack.session).toMatchObject({ matched: 1, expand: "tsift session-review plan.md --next-context" });
    expect(pack.session!.next_context.prompt_targets.join(" ")).toContain("fix the failing parser");
    expect(pack.session!.next_context.unresolved_failures.map((failure) => failure.text).join(" ")).toContain("npm test");
    expect(pack.follow_up).toContain("tsift session-review plan.md --next-context");
    const none = await contextPack({ target: join(repo, "plan.md"), cwd: repo, diff: false, claudeDir: empty, codexDir: empty });
    expect(none.session).toBeNull();
  });
});
