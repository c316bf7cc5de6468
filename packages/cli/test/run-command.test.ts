import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtBin, run, spawnTsift } from "./helpers";

const node = process.execPath;

/** A temp git-free project with the scripts the runs execute. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-run-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, "math.test.mjs"),
    [
      'import { test } from "node:test";',
      'import assert from "node:assert/strict";',
      'test("adds", () => assert.equal(1 + 1, 2));',
      'test("subtracts", () => assert.equal(5 - 3, 1));',
      'test("multiplies", () => assert.equal(2 * 3, 6));',
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "green.test.mjs"), ['import { test } from "node:test";', 'test("ok", () => {});', ""].join("\n"));
  writeFileSync(
    join(dir, "build.mjs"),
    [
      "for (let i = 0; i < 200; i++) console.log(`compiling module ${i} of 200`);",
      "console.error(\"src/app.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.\");",
      'console.log("warning: unused variable x");',
      "process.exit(Number(process.argv[2] ?? 0));",
      "",
    ].join("\n"),
  );
  // Waits for SIGINT, says so, and exits with its own code: proof the signal reached it.
  writeFileSync(
    join(dir, "trap.mjs"),
    [
      'process.on("SIGINT", () => { console.log("child got SIGINT, cleaning up"); process.exit(7); });',
      'console.log("ready");',
      "setInterval(() => {}, 1000);",
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "sleep.mjs"), ['console.log("sleeping");', "setInterval(() => {}, 1000);", ""].join("\n"));
  return dir;
}

const artifacts = (dir: string) => (existsSync(join(dir, ".tsift", "artifacts")) ? readdirSync(join(dir, ".tsift", "artifacts")).sort() : []);

describe("tsift run", () => {
  const dir = project();

  it("digests a failing node:test run, keeps the whole output and exits 1 like the run", async () => {
    const result = await run(dir, "run", "--kind", "test", "--json", "--", node, "--test", "math.test.mjs");
    expect(result.code).toBe(1);
    const report = result.json();
    expect(report.kind).toBe("test");
    expect(report.exit_code).toBe(1);
    expect(report.signal).toBeNull();
    expect(report.command).toContain("--test math.test.mjs");
    expect(report.executed_command).toBe(report.command);
    expect(report.digest.counts.failed).toBe(1);
    expect(report.digest.first_error.test).toContain("subtracts");
    expect(report.artifact.handle).toMatch(/^run-[0-9a-f]{12}$/);
    expect(report.artifact.path).toBe(`.tsift/artifacts/${report.artifact.handle}.log`);
    expect(report.artifact.expand).toBe(`tsift test-digest --input .tsift/artifacts/${report.artifact.handle}.log`);
    const stored = readFileSync(join(dir, report.artifact.path), "utf8");
    expect(stored).toContain("subtracts");
    expect(Buffer.byteLength(stored)).toBe(report.artifact.bytes);
    expect(stored.split("\n").filter((line, at, all) => at < all.length - 1 || line !== "").length).toBe(report.artifact.lines);
  });

  it("keeps its transcripts private and out of git, leaving the project's .gitignore alone", async () => {
    const repo = project();
    execFileSync("git", ["init", "-q"], { cwd: repo });
    const report = (await run(repo, "run", "--json", "--", node, "build.mjs", "0")).json();
    expect(existsSync(join(repo, ".gitignore"))).toBe(false);
    expect(statSync(join(repo, ".tsift")).mode & 0o777).toBe(0o700);
    expect(statSync(join(repo, report.artifact.path)).mode & 0o777).toBe(0o600);
    expect(execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: repo, encoding: "utf8" })).not.toContain(".tsift/");
  });

  it("replays the stored transcript through the expand command to the same failures", async () => {
    const first = (await run(dir, "run", "--kind", "test", "--json", "--", node, "--test", "math.test.mjs")).json();
    const replay = await run(dir, ...first.artifact.expand.split(" ").slice(1), "--json");
    expect(replay.code).toBe(0);
    expect(replay.json().counts.failed).toBe(first.digest.counts.failed);
  });

  it("in a freshly indexed project a failure names the symbol its project frame lies in", async () => {
    const indexed = project();
    mkdirSync(join(indexed, "src"));
    writeFileSync(
      join(indexed, "src", "calc.mjs"),
      'export function divide(a, b) {\n  if (b === 0) throw new Error("division by zero");\n  return a / b;\n}\n',
    );
    writeFileSync(
      join(indexed, "calc.test.mjs"),
      'import { test } from "node:test";\nimport { divide } from "./src/calc.mjs";\ntest("divides by zero", () => divide(1, 0));\n',
    );
    expect((await run(indexed, "index")).code).toBe(0);
    const result = await run(indexed, "run", "--kind", "test", "--", node, "--test", "calc.test.mjs");
    expect(result.code).toBe(1);
    expect(result.out).toContain("(in divide)");
  });

  it("gives the same output of the same command the same handle, and another command another", async () => {
    // One stream only: how a pipe pair interleaves stdout and stderr varies from run to run.
    const script = "for (let i = 0; i < 50; i++) console.log('line ' + i); process.exit(Number(process.argv[1]))";
    const a = (await run(dir, "run", "--json", "--", node, "-e", script, "0")).json();
    const b = (await run(dir, "run", "--json", "--", node, "-e", script, "0")).json();
    const c = (await run(dir, "run", "--json", "--", node, "-e", script, "3")).json();
    expect(a.artifact.handle).toBe(b.artifact.handle);
    expect(c.artifact.handle).not.toBe(a.artifact.handle);
  });

  it("digests a log with errors and exits with the command's own code (0, 3)", async () => {
    const green = await run(dir, "run", "--kind", "log", "--json", "--", node, "build.mjs", "0");
    expect(green.code).toBe(0);
    const failed = await run(dir, "run", "--kind", "log", "--json", "--", node, "build.mjs", "3");
    expect(failed.code).toBe(3);
    const report = failed.json();
    expect(report.exit_code).toBe(3);
    expect(report.digest.first_error.text).toContain("error TS2322");
    expect(report.digest.total_lines).toBe(202);
    // 200 "compiling module N" lines collapse into one repeat group.
    expect(report.digest.repeats[0].count).toBe(200);
    expect(report.artifact.lines).toBe(202);
    expect(report.artifact.expand).toMatch(/^tsift log-digest --input \.tsift\/artifacts\/run-[0-9a-f]{12}\.log$/);
  });

  it("prints the digest-runner envelope: test-run view, runner, exit code and failures first", async () => {
    const result = await run(dir, "--envelope", "run", "--kind", "test", "--", node, "--test", "math.test.mjs");
    expect(result.code).toBe(1);
    const envelope = result.json();
    expect(envelope.tool).toBe("digest-runner");
    expect(envelope.view).toBe("test-run");
    const metrics = Object.fromEntries(envelope.summary.metrics.map((metric: { label: string; value: unknown }) => [metric.label, metric.value]));
    expect(metrics["exit code"]).toBe(1);
    expect(metrics.failures).toBe(1);
    expect(typeof metrics.runner).toBe("string");
    expect(envelope.follow_up).toEqual([envelope.report.artifact.expand]);
    expect(envelope.report.digest.counts.failed).toBe(1);
    const log = (await run(dir, "--envelope", "run", "--kind", "log", "--", node, "build.mjs", "0")).json();
    expect(log.view).toBe("command-run");
    expect(log.summary.metrics.find((metric: { label: string }) => metric.label === "signals").value).toBeGreaterThan(0);
  });

  it("prints a human digest with the artifact and its replay command", async () => {
    const result = await run(dir, "run", "--kind", "test", "--", node, "--test", "green.test.mjs");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/→ exit 0/);
    expect(result.out).toMatch(/output: \.tsift\/artifacts\/run-[0-9a-f]{12}\.log/);
    expect(result.out).toContain("expand: tsift test-digest --input");
  });

  it("a command that prints nothing leaves no artifact", async () => {
    const before = artifacts(dir);
    const result = await run(dir, "run", "--json", "--", node, "-e", "");
    expect(result.code).toBe(0);
    expect(result.json().artifact).toBeNull();
    expect(artifacts(dir)).toEqual(before);
  });

  it("a command that cannot start is one line and exit 3, with no artifact left behind", async () => {
    const before = artifacts(dir);
    const result = await run(dir, "run", "--", "tsift-no-such-command-xyz", "--flag");
    expect(result.code).toBe(3);
    expect(result.err.trim().split("\n")[0]).toMatch(/cannot run tsift-no-such-command-xyz: no such command/);
    expect(artifacts(dir)).toEqual(before);
  });

  it("without a command after -- it is a usage error", async () => {
    const result = await run(dir, "run", "--kind", "test");
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/command/);
  });

  it("keeps at most 20 transcripts, pruning the oldest", async () => {
    const fresh = project();
    const stale = join(fresh, ".tsift", "artifacts");
    mkdirSync(stale, { recursive: true });
    const old = Date.now() / 1000 - 3600;
    for (let i = 0; i < 22; i++) {
      const path = join(stale, `run-${i.toString(16).padStart(12, "0")}.log`);
      writeFileSync(path, `old run ${i}\n`);
      utimesSync(path, old + i, old + i);
    }
    const result = await run(fresh, "run", "--json", "--", node, "build.mjs", "0");
    const kept = artifacts(fresh);
    expect(kept).toHaveLength(20);
    expect(kept).toContain(`${result.json().artifact.handle}.log`);
    // The three oldest went: 000000000000, …01, …02.
    for (const i of [0, 1, 2]) expect(kept).not.toContain(`run-${i.toString(16).padStart(12, "0")}.log`);
    expect(kept).toContain("run-000000000003.log");
    for (const name of kept) expect(statSync(join(stale, name)).isFile()).toBe(true);
  });
});

describe("tsift run, as a process", () => {
  const dir = project();

  it("exits 128 + signal number when the command is killed by a signal", () => {
    const result = spawnTsift(dir, ["run", "--json", "--", node, "-e", "console.log('about to die'); process.kill(process.pid, 'SIGKILL')"]);
    expect(result.code).toBe(137);
    const report = JSON.parse(result.out);
    expect(report.exit_code).toBeNull();
    expect(report.signal).toBe("SIGKILL");
    expect(report.exit_status).toBe(137);
  });

  it("passes Ctrl-C (SIGINT) on to a command that traps it, waits for it, and still digests what it printed", async () => {
    const child = spawn(node, [builtBin, "run", "--kind", "log", "--json", "--", node, "trap.mjs"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    // The run's artifact temp file fills as the command prints: wait for its "ready".
    const tempDir = join(dir, ".tsift", "artifacts");
    for (let i = 0; i < 600; i++) {
      const temps = existsSync(tempDir) ? readdirSync(tempDir).filter((name) => name.endsWith(".tmp")) : [];
      if (temps.some((name) => readFileSync(join(tempDir, name), "utf8").includes("ready"))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(7);
    const report = JSON.parse(out);
    expect(report.exit_code).toBe(7);
    expect(report.interrupted).toBe(true);
    expect(readFileSync(join(dir, report.artifact.path), "utf8")).toContain("child got SIGINT, cleaning up");
  });

  it("a second Ctrl-C reaches a command that caught the first and kept running", async () => {
    writeFileSync(
      join(dir, "stubborn.mjs"),
      [
        "let seen = 0;",
        'process.on("SIGINT", () => { seen++; console.log(`SIGINT ${seen}`); if (seen === 2) process.exit(5); });',
        'console.log("ready");',
        "setInterval(() => {}, 1000);",
        "",
      ].join("\n"),
    );
    const child = spawn(node, [builtBin, "run", "--json", "--", node, "stubborn.mjs"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const waitFor = async (text: string) => {
      const tempDir = join(dir, ".tsift", "artifacts");
      for (let i = 0; i < 600; i++) {
        const temps = existsSync(tempDir) ? readdirSync(tempDir).filter((name) => name.endsWith(".tmp")) : [];
        if (temps.some((name) => readFileSync(join(tempDir, name), "utf8").includes(text))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor("ready");
    child.kill("SIGINT");
    await waitFor("SIGINT 1");
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(5);
    expect(readFileSync(join(dir, JSON.parse(out).artifact.path), "utf8")).toContain("SIGINT 2");
  });

  it("SIGTERM to tsift ends a command that does not trap it: status 143, output kept", async () => {
    const child = spawn(node, [builtBin, "run", "--json", "--", node, "sleep.mjs"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const tempDir = join(dir, ".tsift", "artifacts");
    for (let i = 0; i < 600; i++) {
      const temps = existsSync(tempDir) ? readdirSync(tempDir).filter((name) => name.endsWith(".tmp")) : [];
      if (temps.some((name) => readFileSync(join(tempDir, name), "utf8").includes("sleeping"))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(143);
    const report = JSON.parse(out);
    expect(report.signal).toBe("SIGTERM");
    expect(readFileSync(join(dir, report.artifact.path), "utf8")).toContain("sleeping");
  });
});
