import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bufferedIo, main } from "../src/index";
import { project, tsift, write } from "./index-helpers";

const skill = (description: string | null, body: string) =>
  description === null ? `---\nname: x\n---\n${body}\n` : `---\ndescription: ${description}\n---\n${body}\n`;
const toolUse = (skillName: string) =>
  JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Skill", input: { skill: skillName } }] } });
const userText = (text: string) => JSON.stringify({ type: "user", message: { role: "user", content: text } });

function skillTree() {
  const root = project({
    "skills/pdf-extract/SKILL.md": skill("Extract tables and text from PDF documents", "Read PDF pages, extract tables into CSV, extract text blocks."),
    "skills/pdf-tables/SKILL.md": skill("Extract tables from PDF documents into CSV", "Read PDF pages, extract tables into CSV files."),
    "skills/git-release/SKILL.md": skill("Tag and publish a release", "Bump the version, write the changelog, push the tag to the remote."),
    "skills/no-desc/SKILL.md": skill(null, "Body without a description."),
    "skills/empty/SKILL.md": "",
    "skills/no-file/notes.txt": "nothing here",
    "skills.txt": "# expected\npdf-extract\ngit-release\ndeploy-app\n",
    "sessions/proj-a/one.jsonl": [
      toolUse("pdf-extract"),
      toolUse("pdf-extract"),
      toolUse("codex:git-release"),
      '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Skill","input":{"command":"other-plugin:ghost"}}]}}',
      userText("<command-message>pdf-extract is running…</command-message>\n<command-name>/pdf-extract</command-name>"),
      userText("/clear"),
      userText("<command-name>git-release</command-name>"),
      '{"type":"user","message":{"content":"trunc',
    ].join("\n"),
  });
  symlinkSync(join(root, "gone"), join(root, "skills", "dangling"));
  return root;
}

describe("tsift audit", () => {
  it("reports health, manifest drift, similar pairs, usage and a prune list", async () => {
    const root = skillTree();
    const result = await tsift(root, ["audit", "--skills-dir", "skills", "--manifest", "skills.txt", "--sessions-dir", "sessions", "--cleanup", "--json"]);
    expect(result.code).toBe(0);
    const report = result.json();
    expect(report.skills.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ["dangling", "broken_symlink"],
      ["empty", "empty_skill_md"],
      ["git-release", "ok"],
      ["no-desc", "no_description"],
      ["no-file", "missing_skill_md"],
      ["pdf-extract", "ok"],
      ["pdf-tables", "ok"],
    ]);
    expect(report.summary).toEqual({ skills: 7, healthy: 3, unhealthy: 4 });
    expect(report.manifest.missing).toEqual(["deploy-app"]);
    expect(report.manifest.orphan).toEqual(["dangling", "empty", "no-desc", "no-file", "pdf-tables"]);
    expect(report.similar_pairs).toHaveLength(1);
    expect(report.similar_pairs[0]).toMatchObject({ skill_a: "pdf-extract", skill_b: "pdf-tables" });
    expect(report.similar_pairs[0].score).toBeGreaterThanOrEqual(0.5);
    // Skill tool twice + the slash command; the plugin name folds onto the installed skill; /clear is no skill.
    expect(report.usage.slice(0, 1)).toEqual([{ skill: "pdf-extract", invocation_count: 3, installed: true }]);
    expect(report.usage.find((entry: { skill: string }) => entry.skill === "git-release")).toEqual({
      skill: "git-release",
      invocation_count: 2,
      installed: true,
    });
    expect(report.usage.find((entry: { skill: string }) => entry.skill === "ghost")).toEqual({ skill: "ghost", invocation_count: 1, installed: false });
    expect(report.sessions).toMatchObject({ files: 1, malformed_lines: 1 });
    const cleanup = report.cleanup.recommendations as { skill: string; reasons: string[]; token_savings: number }[];
    expect(cleanup.map((entry) => entry.skill).sort()).toEqual(["dangling", "empty", "no-desc", "no-file", "pdf-tables"]);
    expect(cleanup.find((entry) => entry.skill === "pdf-tables")!.reasons).toEqual(["unused", expect.stringMatching(/^duplicate of pdf-extract/)]);
    expect(cleanup.find((entry) => entry.skill === "pdf-tables")!.token_savings).toBeGreaterThan(10);
    expect(cleanup.map((entry) => entry.token_savings)).toEqual([...cleanup.map((entry) => entry.token_savings)].sort((a, b) => b - a));
    expect(report.cleanup.total_token_savings).toBe(cleanup.reduce((sum, entry) => sum + entry.token_savings, 0));
    expect(result.err).toMatch(/skipped 1 malformed session lines/);
  });

  it("prints pairs in text, writes a markdown report and is deterministic", async () => {
    const root = skillTree();
    const argv = ["audit", "--skills-dir", "skills", "--sessions-dir", "sessions", "--cleanup", "--report", "audit.md"];
    const first = await tsift(root, argv);
    expect(first.out).toMatch(/^7 skills: 3 healthy, 4 with issues/);
    expect(first.out).toMatch(/\d+% pdf-extract \/ pdf-tables\n {4}Extract tables and text from PDF documents/);
    const markdown = readFileSync(join(root, "audit.md"), "utf8");
    expect(markdown).toMatch(/^# Skill audit/);
    expect(markdown).toMatch(/\| broken_symlink \| dangling \|/);
    expect(markdown).toMatch(/## Cleanup[\s\S]*Total savings: \d+ o200k_base tokens/);
    expect((await tsift(root, argv)).out).toBe(first.out);
  });

  it("defaults to ~/.claude/skills plus the project's .claude/skills and ~/.claude/projects", async () => {
    const home = project({
      ".claude/skills/home-skill/SKILL.md": skill("Home level helper", "Does home things."),
      ".claude/projects/p/s.jsonl": toolUse("home-skill"),
    });
    const root = project({ ".claude/skills/project-skill/SKILL.md": skill("Project level helper", "Does project things.") });
    const io = bufferedIo({ cwd: root, env: { HOME: home } });
    expect(await main(["audit", "--usage", "--json"], io)).toBe(0);
    const report = JSON.parse(io.out);
    expect(report.skills.map((s: { name: string }) => s.name)).toEqual(["home-skill", "project-skill"]);
    expect(report.usage[0]).toEqual({ skill: "home-skill", invocation_count: 1, installed: true });
  });

  it("fails with not_found on a missing manifest or a named skills directory that does not exist", async () => {
    const root = project({ "skills/a/SKILL.md": skill("A", "a") });
    mkdirSync(join(root, "empty"));
    const result = await tsift(root, ["audit", "--skills-dir", "skills", "--manifest", "nope.txt"]);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/nope\.txt does not exist/);
    expect(existsSync(join(root, "audit.md"))).toBe(false);
    const typo = await tsift(root, ["audit", "--skills-dir", "skils"]);
    expect(typo.code).toBe(3);
    expect(typo.err).toMatch(/skills directory .*skils does not exist/);
    write(root, { "m.txt": "a\n" });
    expect((await tsift(root, ["audit", "--skills-dir", "skills", "--manifest", "m.txt", "--json"])).json().manifest).toMatchObject({
      missing: [],
      orphan: [],
    });
  });
});
