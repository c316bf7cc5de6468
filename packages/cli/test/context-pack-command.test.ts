import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, type JsonObject } from "./helpers";
import { bash, claudeResult, claudeTool, claudeUser, codexMeta, codexUser, writeTranscript } from "./session-transcripts";

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" });

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A git repo with one commit, then an uncommitted change touching several functions. */
function repo(): string {
  const dir = tempDir("tsift-pack-");
  git(dir, "init", "-q");
  git(dir, "config", "user.email", "t@example.com");
  git(dir, "config", "user.name", "t");
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "tasks"));
  writeFileSync(
    join(dir, "src", "math.ts"),
    [
      "export function add(a: number, b: number) {",
      "  return a + b;",
      "}",
      "export function sub(a: number, b: number) {",
      "  return a - b;",
      "}",
      "export function twice(a: number) {",
      "  return add(a, a);",
      "}",
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "tasks", "fix-math.md"), "# Fix math\n\nMake sub correct.\n");
  git(dir, "add", ".");
  git(dir, "commit", "-q", "-m", "math");
  writeFileSync(
    join(dir, "src", "math.ts"),
    [
      "export function add(a: number, b: number) {",
      "  return b + a;",
      "}",
      "export function sub(a: number, b: number) {",
      "  return a - b - 0;",
      "}",
      "export function twice(a: number) {",
      "  return mul(a, 2);",
      "}",
      "export function mul(a: number, b: number) {",
      "  return a * b;",
      "}",
      "export function div(a: number, b: number) {",
      "  return a / b;",
      "}",
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "src", "extra.ts"), "export function getUserName() {\n  return 'x';\n}\n");
  return dir;
}

/** Real node:test output of a failing test, as a CI job would capture it. */
function captureTestLog(dir: string): void {
  writeFileSync(
    join(dir, "math.test.mjs"),
    'import { test } from "node:test";\nimport assert from "node:assert/strict";\ntest("sub subtracts", () => assert.equal(5 - 3, 1));\ntest("add adds", () => {});\n',
  );
  const result = spawnSync(process.execPath, ["--test", "math.test.mjs"], { cwd: dir, encoding: "utf8" });
  writeFileSync(join(dir, "test.log"), result.stdout + result.stderr);
  rmSync(join(dir, "math.test.mjs"));
}

describe("tsift context-pack", () => {
  let dir = "";
  beforeAll(() => {
    dir = repo();
    captureTestLog(dir);
    writeFileSync(
      join(dir, "build.log"),
      [
        ...Array.from({ length: 50 }, (_, i) => `[build] compiled chunk ${i}`),
        "src/math.ts(5,10): error TS2322: Type 'string' is not assignable to type 'number'.",
        "npm ERR! code ELIFECYCLE",
        "",
      ].join("\n"),
    );
    // The inputs are build output, not source: keep them out of the diff.
    writeFileSync(join(dir, ".gitignore"), "*.log\n.tsift/\n");
    git(dir, "add", ".gitignore");
    git(dir, "commit", "-q", "-m", "ignore logs");
  });

  it("packs the worktree diff, touched symbols, test and log digests, reminders and follow-ups", async () => {
    const result = await run(dir, "context-pack", "tasks/fix-math.md", "--test-input", "test.log", "--log-input", "build.log", "--json");
    expect(result.code).toBe(0);
    const pack = result.json();
    expect(pack.target).toEqual({ path: "tasks/fix-math.md", kind: "document" });
    expect(pack.session).toBeNull();
    expect(pack.diff.mode).toBe("worktree");
    expect(pack.diff.files_changed).toBe(2);
    expect(pack.diff.files.map((file: { path: string }) => file.path)).toEqual(["src/extra.ts", "src/math.ts"]);
    // Default budget: normal, 5 items.
    expect(pack.budget).toEqual({ preset: "normal", max_items: 5, max_bytes: 160 });
    expect(pack.symbol_refs.length).toBeLessThanOrEqual(5);
    expect(pack.touched_symbols_total).toBe(pack.diff.symbols_added + pack.diff.symbols_removed + pack.diff.symbols_changed);
    expect(pack.touched_symbols_total).toBeGreaterThanOrEqual(5);
    for (const ref of pack.symbol_refs) {
      expect(ref.handle).toMatch(/^csym-[0-9a-f]{12}$/);
      expect(pack.touched_symbols).toContain(`${ref.file}:${ref.name}`);
    }
    const extra = pack.symbol_refs.find((ref: { name: string }) => ref.name === "getUserName");
    expect(extra).toMatchObject({ change: "added", file: "src/extra.ts", line: 1, tag_alias: "get/user/name" });
    expect(extra.expand).toBe("tsift source-read src/extra.ts --start 1 --lines 40");
    expect(pack.truncated).toBe(true);
    expect(pack.test).toMatchObject({ input: "test.log", status: "failed", failed: 1, passed: 1 });
    expect(pack.test.first_error.test).toContain("sub subtracts");
    expect(pack.log.input).toBe("build.log");
    expect(pack.log.first_error.text).toContain("error TS2322");
    expect(pack.log.anchors).toContain("src/math.ts:5");
    expect(pack.status_reminders.some((line: string) => line.startsWith("no index yet"))).toBe(true);
    expect(pack.follow_up).toEqual([
      "tsift context-pack tasks/fix-math.md --test-input test.log --log-input build.log",
      "tsift diff-digest",
      "tsift test-digest --input test.log",
      "tsift log-digest --input build.log",
      "tsift impact",
      "tsift status",
    ]);
    // What it read: the diff's patch plus both inputs, whole.
    expect(pack.economy.input_bytes).toBeGreaterThan(statSync(join(dir, "test.log")).size + statSync(join(dir, "build.log")).size);
    expect(pack.economy.output_bytes).toBe(Buffer.byteLength(JSON.stringify({ ...pack, economy: undefined })));
  });

  it("keeps a symbol's handle when lines above it move, and gives the same pack twice", async () => {
    const first = (await run(dir, "context-pack", ".", "--budget", "deep", "--json")).json();
    const again = (await run(dir, "context-pack", ".", "--budget", "deep", "--json")).json();
    expect(again).toEqual(first);
    const handle = (pack: JsonObject) => pack.symbol_refs.find((ref: { name: string }) => ref.name === "getUserName").handle;
    writeFileSync(join(dir, "src", "extra.ts"), "// moved down\n\nexport function getUserName() {\n  return 'x';\n}\n");
    const moved = (await run(dir, "context-pack", ".", "--budget", "deep", "--json")).json();
    expect(moved.symbol_refs.find((ref: { name: string }) => ref.name === "getUserName").line).toBe(3);
    expect(handle(moved)).toBe(handle(first));
  });

  it("--budget small and --max-items/--max-bytes tighten every list, never the follow-up commands", async () => {
    const small = (await run(dir, "context-pack", ".", "--test-input", "test.log", "--log-input", "build.log", "--budget", "small", "--json")).json();
    expect(small.budget).toEqual({ preset: "small", max_items: 3, max_bytes: 120 });
    expect(small.symbol_refs).toHaveLength(3);
    expect(small.follow_up.length).toBeGreaterThanOrEqual(4);
    const tight = (await run(dir, "context-pack", ".", "--log-input", "build.log", "--max-items", "1", "--max-bytes", "20", "--json")).json();
    expect(tight.symbol_refs).toHaveLength(1);
    expect(tight.diff.files).toHaveLength(1);
    expect(Buffer.byteLength(tight.log.first_error.text)).toBeLessThanOrEqual(20);
    expect(tight.follow_up).toContain("tsift log-digest --input build.log");
  });

  it("a stale index shows up as a status reminder", async () => {
    const indexed = repo();
    expect((await run(indexed, "index")).code).toBe(0);
    writeFileSync(join(indexed, "src", "math.ts"), "export function add(a: number, b: number) {\n  return a + b + 1;\n}\n");
    const pack = (await run(indexed, "context-pack", ".", "--json")).json();
    expect(pack.status_reminders.some((line: string) => line.startsWith("index stale"))).toBe(true);
  });

  it("maps a failing test's project frame to its indexed symbol when the index is fresh", async () => {
    const mapped = tempDir("tsift-pack-mapped-");
    git(mapped, "init", "-q");
    mkdirSync(join(mapped, "src"));
    writeFileSync(join(mapped, "src", "calc.mjs"), 'export function divide(a, b) {\n  if (b === 0) throw new Error("division by zero");\n  return a / b;\n}\n');
    writeFileSync(
      join(mapped, "calc.test.mjs"),
      'import { test } from "node:test";\nimport { divide } from "./src/calc.mjs";\ntest("divides by zero", () => divide(1, 0));\n',
    );
    writeFileSync(join(mapped, ".gitignore"), "*.log\n.tsift/\n");
    const captured = spawnSync(process.execPath, ["--test", "calc.test.mjs"], { cwd: mapped, encoding: "utf8" });
    writeFileSync(join(mapped, "test.log"), captured.stdout + captured.stderr);
    expect((await run(mapped, "index")).code).toBe(0);
    const pack = (await run(mapped, "context-pack", ".", "--test-input", "test.log", "--json")).json();
    expect(pack.test.failed).toBe(1);
    expect(pack.test.failures[0].symbol).toMatchObject({ name: "divide", file: "src/calc.mjs", line: 1 });
    expect(pack.test.failures[0].symbol.handle).toMatch(/\S/);
  });

  it("attaches the .naming/tags documents a symbol's family names, by handle and path only", async () => {
    const named = repo();
    mkdirSync(join(named, ".naming", "tags"), { recursive: true });
    writeFileSync(
      join(named, ".naming", "tags", "user.md"),
      "---\ntitle: User\ndomain: accounts\n---\n\nA person with a login. Long prose that must not be inlined.\n",
    );
    writeFileSync(join(named, ".naming", "tags", "name.md"), "# Display name\n\nWhat a user is called.\n");
    writeFileSync(join(named, ".naming", "tags", "unrelated.md"), "# Unrelated\n");
    git(named, "add", ".naming");
    git(named, "commit", "-q", "-m", "tags");
    const pack = (await run(named, "context-pack", ".", "--budget", "deep", "--json")).json();
    const ref = pack.symbol_refs.find((each: { name: string }) => each.name === "getUserName");
    expect(ref.ontology_refs).toEqual([
      { handle: expect.stringMatching(/^onto-[0-9a-f]{12}$/), tag: "user", path: ".naming/tags/user.md", title: "User", domain: "accounts" },
      { handle: expect.stringMatching(/^onto-[0-9a-f]{12}$/), tag: "name", path: ".naming/tags/name.md", title: "Display name" },
    ]);
    expect(pack.ontology_refs.map((each: { tag: string }) => each.tag)).toEqual(["user", "name"]);
    expect(JSON.stringify(pack)).not.toContain("Long prose");
    // Symbols whose words name no tag carry none.
    expect(pack.symbol_refs.find((each: { name: string }) => each.name === "div").ontology_refs).toBeUndefined();
  });

  it("--envelope is the handoff view with its metrics and follow-up commands", async () => {
    const result = await run(dir, "--envelope", "context-pack", ".", "--test-input", "test.log");
    const envelope = result.json();
    expect(envelope.tool).toBe("context-pack");
    expect(envelope.view).toBe("handoff");
    expect(envelope.follow_up).toEqual(envelope.report.follow_up);
    const metrics = Object.fromEntries(envelope.summary.metrics.map((metric: { label: string; value: unknown }) => [metric.label, metric.value]));
    expect(metrics["test failures"]).toBe(1);
    expect(metrics["files changed"]).toBe(2);
  });

  it("prints a human pack with its sections and next commands", async () => {
    const result = await run(dir, "context-pack", ".", "--log-input", "build.log");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^context pack: \. \(directory\)/);
    expect(result.out).toContain("touched symbols:");
    expect(result.out).toContain("log (build.log):");
    expect(result.out).toMatch(/next:\n {2}tsift context-pack \. --log-input build\.log/);
  });

  it("--no-diff leaves the diff out; outside git the diff is a note, not a failure", async () => {
    const noDiff = (await run(dir, "context-pack", ".", "--no-diff", "--json")).json();
    expect(noDiff.diff).toBeNull();
    expect(noDiff.follow_up[0]).toBe("tsift context-pack . --no-diff");
    const plain = tempDir("tsift-pack-plain-");
    writeFileSync(join(plain, "notes.md"), "# notes\n");
    const result = await run(plain, "context-pack", "notes.md", "--json");
    expect(result.code).toBe(0);
    expect(result.json().diff).toBeNull();
    expect(result.json().notes[0]).toMatch(/^diff left out: .*not inside a git repository/);
  });

  it("an input outside the project is named by its absolute path, one inside it from the working directory", async () => {
    const outside = join(tempDir("tsift-pack-outside-"), "ci.log");
    writeFileSync(outside, "npm ERR! code 1\n");
    const pack = (await run(join(dir, "src"), "context-pack", "..", "--no-diff", "--log-input", outside, "--test-input", "../test.log", "--json")).json();
    expect(pack.log.input).toBe(outside);
    expect(pack.test.input).toBe("../test.log");
    expect(pack.target).toEqual({ path: "..", kind: "directory" });
    expect(pack.follow_up[0]).toBe(`tsift context-pack .. --no-diff --test-input ../test.log --log-input ${outside}`);
  });

  it("--transcripts reads sessions from a directory of transcripts, or from a Claude home, as the default location is read", async () => {
    const saved = tempDir("tsift-pack-transcripts-");
    // A flat directory: a Claude session and a Codex rollout in this repository, and a Claude session elsewhere.
    writeTranscript(
      join(saved, "mine.jsonl"),
      [
        claudeUser(dir, "mine", "fix sub in tasks/fix-math.md"),
        claudeTool(dir, "mine", "m1", bash("t1", "npm test")),
        claudeResult(dir, "mine", "t1", "Exit code 1\nError: sub is wrong", true),
      ],
      2,
    );
    writeTranscript(join(saved, "nested", "rollout-2026-05-02T10-00-00-x.jsonl"), [codexMeta(join(dir, "src"), "cx"), codexUser("look at src")], 5);
    writeTranscript(join(saved, "other.jsonl"), [claudeUser("/somewhere/else", "other", "unrelated work")], 1);
    const flat = await run(dir, "context-pack", ".", "--no-diff", "--transcripts", saved, "--json");
    expect(flat.code, flat.err).toBe(0);
    const pack = JSON.parse(flat.out) as {
      session: { matched: number; latest: string; next_context: { prompt_targets: string[] }; expand: string };
      follow_up: string[];
    };
    expect(pack.session.matched).toBe(2);
    expect(pack.session.latest).toBe(join(saved, "mine.jsonl"));
    expect(pack.session.next_context.prompt_targets).toEqual(["fix sub in tasks/fix-math.md"]);
    expect(pack.follow_up[0]).toBe(`tsift context-pack . --no-diff --transcripts ${saved}`);
    expect(pack.session.expand).toBe(`tsift session-review . --next-context --transcripts ${saved}`);

    // A Claude Code home: projects/<slug>/ for this repository only.
    const home = tempDir("tsift-pack-claude-home-");
    writeTranscript(join(home, "projects", dir.replace(/[^A-Za-z0-9]/g, "-"), "a.jsonl"), [claudeUser(dir, "a", "do [#3] finish tasks/fix-math.md")], 1);
    writeTranscript(join(home, "projects", "-somewhere-else", "b.jsonl"), [claudeUser("/somewhere/else", "b", "unrelated")], 1);
    const fromHome = JSON.parse((await run(dir, "context-pack", ".", "--no-diff", "--transcripts", home, "--json")).out) as typeof pack;
    expect(fromHome.session.matched).toBe(1);
    expect(fromHome.session.latest).toBe(join(home, "projects", dir.replace(/[^A-Za-z0-9]/g, "-"), "a.jsonl"));

    const missing = await run(dir, "context-pack", ".", "--no-diff", "--transcripts", join(saved, "nope"));
    expect(missing.code).toBe(3);
    expect(missing.err.trim().split("\n")[0]).toMatch(/transcript directory .*nope does not exist/);
  });

  it("a missing target or input is one line, exit 3", async () => {
    const missing = await run(dir, "context-pack", "nope.md");
    expect(missing.code).toBe(3);
    expect(missing.err.trim().split("\n")[0]).toMatch(/target .*nope\.md does not exist/);
    const noLog = await run(dir, "context-pack", ".", "--log-input", "missing.log");
    expect(noLog.code).toBe(3);
  });
});
