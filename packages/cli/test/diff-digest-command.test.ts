import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GIT_ENV, project, spawnBuilt, tsift, write } from "./index-helpers";

/** Fixed dates too, so commit hashes in the digests are the same on every run. */
const DATED_GIT_ENV = { ...GIT_ENV, GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z" };

function repo(files: Record<string, string | Buffer> = {}) {
  const root = project({});
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: DATED_GIT_ENV, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  write(root, files);
  const commit = (message = "c") => {
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", message);
    return git("rev-parse", "HEAD").trim();
  };
  return { root, git, commit, write: (more: Record<string, string | Buffer>) => write(root, more) };
}

const outside: string[] = [];
afterEach(() => {
  for (const dir of outside.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TS_V1 = "export function keep() {\n  return 1;\n}\n\nexport function edit(a: number) {\n  return keep();\n}\n\nexport function drop() {\n  log();\n}\n";
const TS_V2 =
  "export function keep() {\n  return 1;\n}\n\nexport function edit(a: number, b: number) {\n  return keep() + twice(b);\n}\n\nexport function fresh() {\n  return edit(1, 2);\n}\n";
const PY_V1 = "def alpha(x):\n    return beta(x)\n\n\ndef beta(x):\n    return x\n\n\ndef gone():\n    pass\n";
const PY_V2 = "def alpha(x):\n    return x * 2\n\n\ndef beta(x):\n    return x\n\n\ndef added():\n    beta(1)\n";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const byPath = (report: Json) => Object.fromEntries((report.files as Json[]).map((file) => [file.path, file]));
const changes = (file: Json) => (file.symbols as Json[]).map((symbol) => `${symbol.change} ${symbol.name}`);

describe("tsift diff-digest", () => {
  it("digests the working tree with an untracked file: TS and Python symbols added, removed and changed, call edges both ways", async () => {
    const r = repo({ "src/a.ts": TS_V1, "tool.py": PY_V1 });
    r.commit();
    r.write({ "src/a.ts": TS_V2, "tool.py": PY_V2, "notes/new.py": "def brand_new():\n    alpha(1)\n" });
    const result = await tsift(r.root, ["diff-digest", "--json"]);
    expect(result.code).toBe(0);
    const report = result.json();
    expect(report).toMatchObject({ root: ".", mode: "worktree", files_changed: 3, files_total: 3, truncated: false });
    const files = byPath(report);
    expect(files["notes/new.py"]).toMatchObject({ status: "added", untracked: true, additions: 2, added_call_edges: ["brand_new -> alpha"] });
    expect(changes(files["notes/new.py"]!)).toEqual(["added brand_new"]);
    expect(changes(files["src/a.ts"]!)).toEqual(["changed edit", "added fresh", "removed drop"]);
    expect(files["src/a.ts"]!.symbols[0]).toMatchObject({
      old_signature: "export function edit(a: number)",
      new_signature: "export function edit(a: number, b: number)",
    });
    expect(files["src/a.ts"]).toMatchObject({ added_call_edges: ["edit -> twice", "fresh -> edit"], removed_call_edges: ["drop -> log"] });
    expect(changes(files["tool.py"]!)).toEqual(["changed alpha", "added added", "removed gone"]);
    expect(files["tool.py"]).toMatchObject({ added_call_edges: ["added -> beta"], removed_call_edges: ["alpha -> beta"] });
    // A three-file change is smaller than its digest; the economy says so rather than claiming a saving.
    expect(report.economy).toMatchObject({ input_bytes: expect.any(Number), output_bytes: expect.any(Number), saved_percent: 0 });

    const text = (await tsift(r.root, ["diff-digest"])).out;
    expect(text).toContain("working tree vs HEAD: 3 files, +");
    expect(text).toContain("A notes/new.py  +2 -0, untracked, python\n");
    expect(text).toContain("  ~ function edit:5  export function edit(a: number)  =>  export function edit(a: number, b: number)\n");
    expect(text).toContain("  calls -: drop -> log\n");
    expect((await tsift(r.root, ["--compact", "diff-digest"])).out).toContain("M src/a.ts  +4 -4, typescript; sym 3, calls +2 -1\n");
    const tabular = (await tsift(r.root, ["--tabular", "diff-digest"])).out;
    expect(tabular).toContain("modified\tsrc/a.ts\t\t4\t4\tparsed\t3\t2\t1\n");
    expect(tabular).toContain("src/a.ts\tadded\tfunction\tfresh\t9\t\texport function fresh()\n");
  });

  it("digests the staged index with --cached, one commit with --revision, and a root commit against the empty tree", async () => {
    const r = repo({ "a.ts": "export function one() {}\n" });
    const root = r.commit("root");
    r.write({ "a.ts": "export function one() {}\nexport function two() { one(); }\n" });
    const second = r.commit("second");
    r.write({ "staged.ts": "export function s() {}\n", "a.ts": "// worktree only\n" });
    r.git("add", "staged.ts");
    const cached = (await tsift(r.root, ["diff-digest", "--cached", "--json"])).json();
    expect(cached.files.map((file: Json) => [file.path, file.status])).toEqual([["staged.ts", "added"]]);
    const revision = (await tsift(r.root, ["diff-digest", "--revision", second, "--json"])).json();
    expect(revision).toMatchObject({ mode: "revision", revision: second, old_commit: root, new_commit: second });
    expect(changes(revision.files[0])).toEqual(["added two"]);
    expect(revision.files[0].added_call_edges).toEqual(["two -> one"]);
    const rootCommit = (await tsift(r.root, ["diff-digest", "--revision", root, "--json"])).json();
    expect(rootCommit).toMatchObject({ old_commit: null, files: [{ path: "a.ts", status: "added" }] });
    expect((await tsift(r.root, ["diff-digest", "--revision", root])).out).toContain(`${root} vs the empty tree: 1 files`);
  });

  it("reports a rename with similarity, a binary file, a mode change and a deletion", async () => {
    const body = Array.from({ length: 12 }, (_, i) => `export function f${i}() { return ${i}; }`).join("\n") + "\n";
    const r = repo({ "old.ts": body, "img.bin": Buffer.from([0, 1, 2]), "run.sh": "echo hi\n", "gone.py": "def bye():\n    pass\n" });
    r.commit();
    r.git("mv", "old.ts", "new.ts");
    r.write({ "new.ts": body.replace("return 3;", "return 33;"), "img.bin": Buffer.from([0, 7]) });
    chmodSync(join(r.root, "run.sh"), 0o755);
    unlinkSync(join(r.root, "gone.py"));
    r.git("add", "-A");
    const files = byPath((await tsift(r.root, ["diff-digest", "--cached", "--json"])).json());
    expect(files["new.ts"]).toMatchObject({ status: "renamed", old_path: "old.ts", parse: "parsed" });
    expect(files["new.ts"]!.similarity).toBeGreaterThan(80);
    expect(changes(files["new.ts"]!)).toEqual(["changed f3"]);
    expect(files["img.bin"]).toMatchObject({ status: "modified", binary: true, parse: "binary", symbols: [] });
    expect(files["run.sh"]).toMatchObject({ status: "modified", old_mode: "100644", new_mode: "100755", additions: 0, deletions: 0 });
    expect(files["gone.py"]).toMatchObject({ status: "deleted", deletions: 2 });
    expect(changes(files["gone.py"]!)).toEqual(["removed bye"]);
    const text = (await tsift(r.root, ["diff-digest", "--cached"])).out;
    expect(text).toContain("R old.ts -> new.ts  +1 -1, ");
    expect(text).toContain("M run.sh  +0 -0, mode 100644 -> 100755");
    expect(text).toContain("M img.bin  +0 -0, binary");
  });

  it("narrows to a path, even one the change deleted, and bounds files by --limit with (+N more)", async () => {
    const r = repo({ "src/x.ts": "export const x = 1;\n", "src/del.ts": "export function d() {}\n", "docs/y.md": "# y\n" });
    r.commit();
    r.write({ "src/x.ts": "export const x = 2;\n", "docs/y.md": "# y2\n", "src/z.ts": "export const z = 1;\n" });
    unlinkSync(join(r.root, "src/del.ts"));
    expect((await tsift(r.root, ["diff-digest", "src", "--json"])).json().files.map((file: Json) => file.path)).toEqual(["src/del.ts", "src/x.ts", "src/z.ts"]);
    expect((await tsift(r.root, ["diff-digest", "src/del.ts", "--json"])).json().files.map((file: Json) => file.path)).toEqual(["src/del.ts"]);
    const limited = await tsift(r.root, ["diff-digest", "--limit", "1"]);
    expect(limited.out).toContain("(+3 more files: tsift diff-digest --limit 0)");
    expect((await tsift(join(r.root, "src"), ["diff-digest", "--limit", "1", "--json"])).json()).toMatchObject({ files_total: 3, truncated: true });
  });

  it("wraps the digest in a preview envelope with handles and follow-up commands", async () => {
    const r = repo({ "a.ts": "export function a() {}\n" });
    r.commit();
    r.write({ "a.ts": "export function a() { b(); }\n", "b.ts": "export function b() {}\n", "c.ts": "", "d.ts": "", "e.ts": "" });
    const envelope = (await tsift(r.root, ["--envelope", "diff-digest", "--budget", "small"])).json();
    expect(envelope).toMatchObject({ tool: "diff-digest", view: "preview", truncated: true });
    expect(envelope.summary.text).toContain("working tree vs HEAD: 5 files");
    expect(envelope.report.files).toHaveLength(3);
    expect(envelope.report.files_total).toBe(5);
    expect(envelope.report.files[0]).toMatchObject({ path: "a.ts", handle: expect.stringMatching(/^gdif-[0-9a-f]{12}$/), expand: "tsift diff-digest a.ts" });
    expect(envelope.follow_up).toContain("tsift diff-digest a.ts");
  });

  it("fails in one line naming what to run for an unknown revision, two targets, or outside a repository", async () => {
    const r = repo({ "a.ts": "" });
    r.commit();
    const unknown = await tsift(r.root, ["diff-digest", "--revision", "nope"]);
    expect(unknown.code).toBe(3);
    expect(unknown.err).toContain('unknown revision "nope" for --revision');
    expect(unknown.err).toContain("git log --oneline -10");
    const both = await tsift(r.root, ["diff-digest", "--cached", "--base", "main"]);
    expect(both.code).toBe(2);
    expect(both.err).toContain("--cached and --base cannot be combined");
    const plain = realpathSync(mkdtempSync(join(tmpdir(), "tsift-nogit-")));
    outside.push(plain);
    const notRepo = await tsift(plain, ["diff-digest"]);
    expect(notRepo.code).toBe(3);
    expect(notRepo.err).toContain("is not inside a git repository");
    expect(notRepo.err).toContain("git init");
  });

  it("runs as the built binary without creating .tsift", () => {
    const r = repo({ "a.py": "def f():\n    pass\n" });
    r.commit();
    r.write({ "a.py": "def f():\n    g()\n" });
    symlinkSync("a.py", join(r.root, "link.py"));
    const result = spawnBuilt(r.root, ["diff-digest", "--json"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out) as Json;
    expect(report.files.map((file: Json) => [file.path, file.parse])).toEqual([
      ["a.py", "parsed"],
      ["link.py", "not_text"],
    ]);
    expect(report.files[0].added_call_edges).toEqual(["f -> g"]);
    expect(execFileSync("ls", ["-A", r.root], { encoding: "utf8" })).not.toContain(".tsift");
  });
});
