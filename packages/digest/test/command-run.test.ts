import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TsiftError } from "@tsift/core";
import { pruneArtifacts, runCommand, shellExitStatus } from "../src/index";

function tempRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-command-run-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const node = process.execPath;

describe("runCommand", () => {
  it("streams a large output to the artifact and counts its bytes and lines exactly", async () => {
    const root = tempRoot();
    // 200k lines, ~5 MB, with no trailing newline on the last one.
    const script =
      "const line = 'x'.repeat(20); let out = ''; for (let i = 0; i < 200000; i++) out += line + ' ' + i + (i < 199999 ? '\\n' : ''); process.stdout.write(out);";
    const report = await runCommand({ root, kind: "log", command: [node, "-e", script] });
    expect(report.exit_code).toBe(0);
    const text = readFileSync(join(root, report.artifact!.path), "utf8");
    expect(report.artifact!.bytes).toBe(Buffer.byteLength(text));
    expect(report.artifact!.lines).toBe(200000);
    expect(report.kind === "log" && report.digest.total_lines).toBe(200000);
    // Nothing but the finished artifact is left in the directory.
    expect(readdirSync(join(root, ".tsift", "artifacts"))).toEqual([`${report.artifact!.handle}.log`]);
  });

  it("masks credentials in the stored transcript and its digest, even split across writes, and keeps every other byte", async () => {
    const root = tempRoot();
    // Built at run time so no credential-shaped literal sits in the repository.
    const token = "ghp" + "_" + "A1b2C3d4".repeat(5);
    const apiKey = "sk" + "-" + "live-" + "Zz9".repeat(8);
    const script = [
      `const token = ${JSON.stringify(token)};`,
      "process.stdout.write('café ✓ login with ' + token.slice(0, 10));",
      "setTimeout(() => {",
      "  process.stdout.write(token.slice(10) + ' done\\n');",
      `  console.error('error: request failed with key ${apiKey}');`,
      "  console.log('-----BEGIN RSA ' + 'PRIVATE KEY-----\\nMIIEowIBAAKCAQEA\\nq1w2e3r4\\n-----END RSA ' + 'PRIVATE KEY-----\\nafter the key');",
      "}, 50);",
    ].join("\n");
    writeFileSync(join(root, "leak.mjs"), script);
    const report = await runCommand({ root, kind: "log", command: [node, "leak.mjs"] });
    const stored = readFileSync(join(root, report.artifact!.path));
    const text = stored.toString("utf8");
    for (const secret of [token, token.slice(10), apiKey, "MIIEowIBAAKCAQEA", "q1w2e3r4"]) expect(text).not.toContain(secret);
    expect(text).toContain("café ✓ login with [masked GitHub token] done\n");
    expect(text).toContain("[masked API key (sk-)]");
    expect(text).toContain("after the key");
    expect(report.artifact!.bytes).toBe(stored.length);
    expect(JSON.stringify(report.digest)).not.toContain(apiKey);
  });

  it("aborting forwards the signal named by the reason and still reports what was printed", async () => {
    const root = tempRoot();
    writeFileSync(
      join(root, "trap.mjs"),
      'process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(9); });\nconsole.log("up");\nsetInterval(() => {}, 1000);\n',
    );
    const controller = new AbortController();
    const running = runCommand({ root, kind: "log", command: [node, "trap.mjs"], signal: controller.signal });
    const tempDir = join(root, ".tsift", "artifacts");
    for (let i = 0; i < 600; i++) {
      const temps = existsSync(tempDir) ? readdirSync(tempDir) : [];
      if (temps.some((name) => readFileSync(join(tempDir, name), "utf8").includes("up"))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort("SIGTERM");
    const report = await running;
    expect(report.exit_code).toBe(9);
    expect(report.interrupted).toBe(true);
    expect(readFileSync(join(root, report.artifact!.path), "utf8")).toContain("got SIGTERM");
  });

  it("a command that is not executable is invalid_input; a missing one not_found", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "script.sh"), "echo hi\n");
    await expect(runCommand({ root, kind: "log", command: [join(root, "script.sh")] })).rejects.toMatchObject({ code: "invalid_input" });
    const error = await runCommand({ root, kind: "log", command: ["tsift-missing-binary-xyz"] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TsiftError);
    expect((error as TsiftError).code).toBe("not_found");
    expect(readdirSync(join(root, ".tsift", "artifacts"))).toEqual([]);
  });

  it("shellExitStatus is the code, or 128 + the signal number", () => {
    expect(shellExitStatus({ exit_code: 3, signal: null })).toBe(3);
    expect(shellExitStatus({ exit_code: null, signal: "SIGKILL" })).toBe(137);
    expect(shellExitStatus({ exit_code: null, signal: "SIGINT" })).toBe(130);
  });
});

describe("pruneArtifacts", () => {
  it("keeps the total under the byte cap, oldest first, never the run just written", () => {
    const dir = join(tempRoot(), "artifacts");
    mkdirSync(dir);
    const base = Date.now() / 1000 - 1000;
    const names = ["run-000000000001.log", "run-000000000002.log", "run-000000000003.log"];
    names.forEach((name, at) => {
      writeFileSync(join(dir, name), "x".repeat(100));
      utimesSync(join(dir, name), base + at, base + at);
    });
    const keep = join(dir, "run-00000000000f.log");
    writeFileSync(keep, "y".repeat(500));
    const removed = pruneArtifacts(dir, keep, { maxBytes: 650 });
    // 500 + 100 (…03) fit in 650; …02 and …01, older, do not.
    expect(removed.map((path) => path.slice(dir.length + 1))).toEqual(["run-000000000002.log", "run-000000000001.log"]);
    expect(readdirSync(dir).sort()).toEqual(["run-000000000003.log", "run-00000000000f.log"]);
    // Alone over the cap, the newest still stays.
    expect(pruneArtifacts(dir, keep, { maxBytes: 10 }).length).toBe(1);
    expect(readdirSync(dir)).toEqual(["run-00000000000f.log"]);
  });

  it("leaves files that are not transcripts alone", () => {
    const dir = join(tempRoot(), "artifacts");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    const keep = join(dir, "run-0000000000aa.log");
    writeFileSync(keep, "z");
    pruneArtifacts(dir, keep, { maxCount: 1, maxBytes: 1 });
    expect(readdirSync(dir).sort()).toEqual(["notes.txt", "run-0000000000aa.log"]);
  });
});
