import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tsift, write } from "./index-helpers";

const git = (root: string, args: string[]) =>
  execFileSync("git", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });

/** The files git itself lists for a `git diff` command line: the oracle. */
const gitNames = (root: string, diffArgs: string[]) =>
  git(root, ["diff", "--name-only", ...diffArgs])
    .split("\n")
    .filter((line) => line !== "")
    .sort();

/**
 * A repository where every comparison differs: a tracked file modified in the working tree,
 * one whose change is staged only, one staged and then edited again, one deleted from the
 * working tree (and re-added under another, untracked, name), and an untracked file.
 */
function repository(): string {
  const root = project(
    {
      "src/worktree.ts": "export function a() { return 1; }\n",
      "src/staged.ts": "export function b() { return 2; }\n",
      "src/both.ts": "export function c() { return 3; }\n",
      "src/moved.ts": "export function d() { return 4; }\n",
      "lib/other.ts": "export function e() { return 5; }\n",
    },
    { git: true },
  );
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "base"]);
  write(root, {
    "src/worktree.ts": "export function a() { return 10; }\n",
    "src/staged.ts": "export function b() { return 20; }\nexport function b2() { return b(); }\n",
    "src/both.ts": "export function c() { return 30; }\n",
  });
  git(root, ["add", "src/staged.ts", "src/both.ts"]);
  write(root, { "src/both.ts": "export function c() { return 300; }\n", "src/untracked.ts": "export function u() { return 0; }\n" });
  renameSync(join(root, "src/moved.ts"), join(root, "src/moved-away.ts"));
  return root;
}

/** What the rewrite of `command` digests: the files of the rewritten command's JSON report, run as `tsift rewrite --run` runs it. */
async function rewrittenFiles(root: string, command: string): Promise<{ argv: string[]; files: string[] }> {
  const rewrite = (await tsift(root, ["--json", "rewrite", command])).json();
  expect(rewrite.rewritten).toBe(true);
  const run = await tsift(root, ["--json", "rewrite", "--run", command]);
  expect(run.code).toBe(0);
  const report = run.json();
  expect(report.files_total).toBe(report.files.length);
  return { argv: rewrite.argv as string[], files: (report.files as { path: string }[]).map((file) => file.path).sort() };
}

describe("the git diff rewrite digests exactly the files git diff shows", () => {
  it.each([
    ["git diff", []],
    ["git diff --cached", ["--cached"]],
    ["git diff --staged", ["--staged"]],
    ["git diff -- src/both.ts", ["--", "src/both.ts"]],
    ["git diff --cached -- src", ["--cached", "--", "src"]],
  ])("%s", async (command, diffArgs) => {
    const root = repository();
    const expected = gitNames(root, diffArgs);
    expect(expected.length).toBeGreaterThan(0);
    const { files } = await rewrittenFiles(root, command);
    expect(files).toEqual(expected);
    expect(files).not.toContain("src/untracked.ts");
  });

  it("plain git diff leaves out what is only staged and what is untracked", async () => {
    const root = repository();
    const { argv, files } = await rewrittenFiles(root, "git diff");
    expect(argv).toContain("--unstaged");
    expect(gitNames(root, [])).toEqual(["src/both.ts", "src/moved.ts", "src/worktree.ts"]);
    expect(files).toEqual(gitNames(root, []));
    // The digest's own default still reads HEAD against the working tree, untracked files included.
    const all = (await tsift(root, ["--json", "diff-digest"])).json().files.map((file: { path: string }) => file.path);
    expect(all).toEqual(expect.arrayContaining(["src/staged.ts", "src/untracked.ts"]));
  });

  it("from a subdirectory, as git does, the whole repository's unstaged changes", async () => {
    const root = repository();
    write(root, { "lib/other.ts": "export function e() { return 50; }\n" });
    const expected = gitNames(join(root, "src"), []);
    expect(expected).toContain("lib/other.ts");
    expect((await rewrittenFiles(join(root, "src"), "git diff")).files).toEqual(expected);
  });

  it("is not rewritten where tsift's project is a part of the work tree, whose digest would cover less", async () => {
    const root = repository();
    mkdirSync(join(root, "lib/.tsift"));
    const refused = await tsift(join(root, "lib"), ["rewrite", "git diff"]);
    expect([refused.code, refused.out]).toEqual([1, ""]);
    expect(refused.err).toMatch(/is not the git work tree root/);
    expect((await tsift(join(root, "lib"), ["rewrite", "grep -rn e ."])).code).toBe(0);
  });
});
