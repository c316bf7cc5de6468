import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { builtBin, repoRoot, type JsonObject } from "./helpers";
import { tsift as tsiftInProcess } from "./index-helpers";

const FIXTURES = join(repoRoot, "fixtures", "test-output");
const captures = (JSON.parse(readFileSync(join(FIXTURES, "index.json"), "utf8")) as { captures: { name: string; file: string; runner: string }[] }).captures;

/** A temp copy of the project the JavaScript captures ran, so no index of this repo is found. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-test-digest-cli-"));
  cpSync(join(FIXTURES, "project"), dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The built CLI as a real process, with `input` piped to its stdin. */
function spawned(cwd: string, argv: string[], input?: string) {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, input: input ?? "", encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: result.status, out: result.stdout, err: result.stderr, json: () => JSON.parse(result.stdout) as JsonObject };
}

/** The CLI in-process, with `input` as its stdin; `spawned` shows the real process reads a pipe the same way. */
async function tsift(cwd: string, argv: string[], input?: string) {
  const result = await tsiftInProcess(cwd, argv, { stdin: input ?? "" });
  return { ...result, json: () => result.json() as JsonObject };
}

describe("tsift test-digest", () => {
  const cwd = project();

  for (const capture of captures) {
    test(`${capture.name}: piped on stdin, ${capture.runner} is detected and every failing test is kept`, async () => {
      const result = await tsift(cwd, ["test-digest", "--json"], readFileSync(join(FIXTURES, capture.file), "utf8"));
      expect(result.code).toBe(0);
      const report = result.json();
      expect(report).toMatchObject({ runner: capture.runner, detected: true, status: "failed", failed_tests: 5 });
      expect(report.failures.flatMap((group: JsonObject) => group.tests)).toHaveLength(5);
      expect(report.economy.input_bytes).toBe(Buffer.byteLength(readFileSync(join(FIXTURES, capture.file))));
    });
  }

  test("--input reads a file; the human report names each group's location, error, values and tests", async () => {
    const result = await tsift(cwd, ["test-digest", "--input", join(FIXTURES, "vitest-verbose.txt")]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^vitest: failed, 5 failed, 751 passed, 2 skipped of 758 in [\d.]+s; 4 failure groups\n/);
    expect(result.out).toContain("FAIL test/slug.test.js:5  AssertionError: expected 'caf-' to be 'cafe' // Object.is equality\n");
    expect(result.out).toContain('  expected: "cafe"\n  actual:   "caf-"\n');
    expect(result.out).toContain(
      "  2 tests: test/slug.test.js > slugify > keeps accented letters; test/slug.test.js > slugify > keeps accented letters in lower case\n",
    );
    expect(result.out).toContain("symbols: no index yet: frames are not mapped to symbols (next: tsift index)\n");
    expect(result.out).toMatch(/economy: 46359 B of output -> \d+ B \(9\d\.\d% saved\)\n$/);
  });

  test("--runner forces a parser, --limit caps the groups and says how many are left", async () => {
    const text = readFileSync(join(FIXTURES, "pytest-verbose.txt"), "utf8");
    const forced = await tsift(cwd, ["test-digest", "--runner", "pytest", "--limit", "1"], text);
    expect(forced.out).toContain("(+3 more failure groups; --limit 0 shows all)");
    const json = (await tsift(cwd, ["test-digest", "--runner", "pytest", "--limit", "1", "--json"], text)).json();
    expect(json).toMatchObject({ runner: "pytest", detected: false, failures_total: 4, truncated: true });
    expect(json.failures).toHaveLength(1);
  });

  test("--budget small caps the groups to 3 and --max-bytes cuts fields; --envelope wraps a summary and follow-ups", async () => {
    const text = readFileSync(join(FIXTURES, "jest-verbose.txt"), "utf8");
    const small = (await tsift(cwd, ["test-digest", "--budget", "small", "--max-bytes", "20", "--json"], text)).json();
    expect(small.failures).toHaveLength(3);
    for (const group of small.failures) expect(Buffer.byteLength(group.message)).toBeLessThanOrEqual(20);
    const envelope = (await tsift(cwd, ["--envelope", "test-digest"], text)).json();
    expect(envelope).toMatchObject({ tool: "test-digest", view: "report", report: { runner: "jest" } });
    expect(envelope.summary.text).toMatch(/^jest: failed, 5 failed, 751 passed/);
    expect(envelope.follow_up).toContain("tsift source-read src/config.js --start 1 --end 6");
    expect(envelope.follow_up).toContain("tsift index");
  });

  test("with a fresh index, the failing frame is mapped to its symbol and the follow-up explains it", async () => {
    const dir = project();
    expect((await tsift(dir, ["index"])).code).toBe(0);
    const text = readFileSync(join(FIXTURES, "jest-verbose.txt"), "utf8");
    const result = await tsift(dir, ["test-digest"], text);
    expect(result.out).toMatch(/FAIL src\/config\.js:3 {2}TypeError: invalid port: undefined\n {2}in function parsePort \(src\/config\.js:1-5\) gsym-\w+\n/);
    expect(result.out).toMatch(/symbols: \d of 4 project frames mapped/);
    const envelope = (await tsift(dir, ["--envelope", "test-digest"], text)).json();
    expect(envelope.follow_up[0]).toMatch(/^tsift explain gsym-\w+$/);
    expect(envelope.report.symbols).toMatchObject({ status: "mapped" });
  });

  test("--path names the project from elsewhere; paths under it print relative to it", async () => {
    const dir = project();
    const text = readFileSync(join(FIXTURES, "node-test-spec.txt"), "utf8").replaceAll("/tmp/tsift-capture/node", dir);
    const json = (await tsift(tmpdir(), ["test-digest", "--path", dir, "--json"], text)).json();
    expect(json.failures[0].location).toBe("src/config.js:3");
    expect(json.first_error.location).toBe("src/config.js:3");
  });

  test("a missing --input file is not_found, an unknown runner a usage error", async () => {
    const missing = await tsift(cwd, ["test-digest", "--input", "nope.txt"]);
    expect(missing.code).toBe(3);
    expect(missing.err).toContain("error[not_found]: cannot read test output: nope.txt does not exist");
    const unknown = await tsift(cwd, ["test-digest", "--runner", "mocha"], "x");
    expect(unknown.code).toBe(2);
  });

  test("the built binary reads test output piped to it", () => {
    const result = spawned(cwd, ["test-digest", "--json"], readFileSync(join(FIXTURES, "vitest-verbose.txt"), "utf8"));
    expect(result.code, result.err).toBe(0);
    expect(result.json()).toMatchObject({ runner: "vitest", detected: true, status: "failed", failed_tests: 5 });
  });

  test("output no runner produced is reported as unknown with a note", async () => {
    const result = await tsift(cwd, ["test-digest"], "compiling…\ndone\n");
    expect(result.code).toBe(0);
    expect(result.out).toContain("unknown runner: unknown, 0 failed");
    expect(result.out).toContain("note: no test runner recognised; pass --runner to force one");
  });
});
