import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../src/cli";
import { bufferedIo } from "../src/io";
import { startSummaryServer, type SummaryServer } from "./summarize-server";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "test-output");
const JEST_OUTPUT = readFileSync(join(FIXTURES, "jest-verbose.txt"), "utf8");
const LOG = "npm run build\nbuilding...\nError: invalid port\n    at parsePort (src/config.js:3:38)\nexit code 1\n";

let server: SummaryServer;
const dirs: string[] = [];
beforeEach(async () => {
  server = await startSummaryServer();
});
afterEach(async () => {
  server.releaseHeld();
  await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The CLI in-process (the local Messages API server keeps answering while it awaits). */
async function tsift(cwd: string, argv: string[], stdin?: string) {
  const io = bufferedIo({ cwd, env: { ANTHROPIC_API_KEY: "key", ANTHROPIC_BASE_URL: server.url }, ...(stdin !== undefined ? { stdin } : {}) });
  const code = await main(argv, io);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { code, out: io.out, err: io.err, json: () => JSON.parse(io.out) as Record<string, any> };
}

/** The JavaScript project the runner captures ran, as a committed git repository. */
function project(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-digest-summaries-")));
  dirs.push(root);
  cpSync(join(FIXTURES, "project"), root, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
  git("init", "-q");
  git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init");
  return root;
}

const cacheStamp = (root: string) => statSync(join(root, ".tsift/summaries.db")).mtimeMs;

describe("digests show cached summaries read-only", () => {
  it("a project never summarized: JSON says unavailable, human output adds nothing, no cache is created", async () => {
    const root = project();
    writeFileSync(join(root, "src/config.js"), readFileSync(join(root, "src/config.js"), "utf8").replace("Number(value)", "parseInt(value, 10)"));
    const diff = await tsift(root, ["diff-digest", "--json"]);
    expect(diff.code).toBe(0);
    expect(diff.json().summaries).toEqual({
      state: "unavailable",
      cached: false,
      snippets: [],
      files: { current: 0, stale: 0, missing: 0 },
      note: "no summary cache",
      next: "tsift summarize --extract",
    });
    const human = await tsift(root, ["diff-digest"]);
    expect(human.out).not.toContain("summaries");
    const log = await tsift(root, ["log-digest", "--json"], LOG);
    expect(log.json().summaries).toMatchObject({ state: "unavailable", cached: false });
    expect(existsSync(join(root, ".tsift/summaries.db"))).toBe(false);
  });

  it("diff-digest: current snippets of the new side (touched symbols first), stale after an edit, stale for an old revision", async () => {
    const root = project();
    const config = join(root, "src/config.js");
    writeFileSync(config, readFileSync(config, "utf8").replace("Number(value)", "parseInt(value, 10)"));
    expect((await tsift(root, ["summarize", "--extract", "src"])).code).toBe(0);
    const before = cacheStamp(root);

    const current = await tsift(root, ["diff-digest", "--json"]);
    expect(current.json().summaries).toEqual({
      state: "current",
      cached: true,
      snippets: [
        { file: "src/config.js", symbol: "parsePort", kind: "function", summary: "Summary of parsePort." },
        { file: "src/config.js", symbol: "loadConfig", kind: "function", summary: "Summary of loadConfig." },
      ],
      files: { current: 1, stale: 0, missing: 0 },
    });
    const human = await tsift(root, ["diff-digest"]);
    expect(human.out).toContain("summaries:\n  src/config.js parsePort: Summary of parsePort.\n  src/config.js loadConfig: Summary of loadConfig.\n");

    // The root commit adds every file: config.js as it was then, which was never summarized as such.
    const revision = await tsift(root, ["diff-digest", "--revision", "HEAD", "--json"]);
    const atRevision = revision.json().summaries;
    expect(atRevision).toMatchObject({ state: "current", files: { current: 2, stale: 1 } });
    expect(atRevision.snippets.map((snippet: { file: string }) => snippet.file)).not.toContain("src/config.js");
    const onlyConfig = await tsift(root, ["diff-digest", "--revision", "HEAD", "--json", "src/config.js"]);
    expect(onlyConfig.json().summaries).toMatchObject({
      state: "stale",
      snippets: [],
      files: { current: 0, stale: 1, missing: 0 },
      next: "tsift summarize --extract",
    });

    writeFileSync(config, `${readFileSync(config, "utf8")}\nexport const edited = 1;\n`);
    const stale = await tsift(root, ["diff-digest"]);
    expect(stale.out).toContain("summaries: stale (tsift summarize --extract)\n");

    // A new file nobody summarized is missing.
    writeFileSync(join(root, "src/extra.js"), "export function extra() {\n  return 1;\n}\n");
    const paths = await tsift(root, ["diff-digest", "--json", "src/extra.js"]);
    expect(paths.json().summaries).toMatchObject({ state: "missing", files: { current: 0, stale: 0, missing: 1 } });
    expect(cacheStamp(root)).toBe(before);
  });

  it("test-digest: the failing frame's symbol first; log-digest: the anchored files", async () => {
    const root = project();
    expect((await tsift(root, ["summarize", "--extract", "src"])).code).toBe(0);
    const digest = await tsift(root, ["test-digest", "--json"], JEST_OUTPUT);
    expect(digest.code).toBe(0);
    expect(digest.json().failures[0]).toMatchObject({ location: "src/config.js:3", symbol: { name: "parsePort" } });
    expect(digest.json().summaries).toMatchObject({
      state: "current",
      snippets: [{ file: "src/config.js", symbol: "parsePort", summary: "Summary of parsePort." }, { file: expect.any(String) }],
    });
    expect((await tsift(root, ["test-digest"], JEST_OUTPUT)).out).toContain("  src/config.js parsePort: Summary of parsePort.");

    const log = await tsift(root, ["log-digest", "--json"], LOG);
    expect(log.json().summaries).toMatchObject({ state: "current", snippets: [{ file: "src/config.js", symbol: "parsePort" }, { symbol: "loadConfig" }] });
    expect(log.json().economy.output_bytes).toBeGreaterThan(JSON.stringify(log.json().summaries).length);
    // From a subdirectory the anchors are read against where the command runs.
    const fromSrc = await tsift(join(root, "src"), ["log-digest", "--json"], "Error: boom\n    at parsePort (config.js:3:38)\n");
    expect(fromSrc.json().summaries).toMatchObject({ state: "current", snippets: [{ file: "config.js", symbol: "parsePort" }, {}] });

    writeFileSync(join(root, "src/config.js"), "export function parsePort() {}\n");
    const stale = await tsift(root, ["log-digest"], LOG);
    expect(stale.out).toContain("summaries: stale (tsift summarize --extract)");
  });

  it("a damaged cache is reported per digest, never a failure of the digest", async () => {
    const root = project();
    expect((await tsift(root, ["summarize", "--extract", "src"])).code).toBe(0);
    writeFileSync(join(root, ".tsift/summaries.db"), "this is not a database at all, not even close".repeat(200));
    const log = await tsift(root, ["log-digest", "--json"], LOG);
    expect(log.code).toBe(0);
    expect(log.json().summaries).toMatchObject({ state: "unavailable", cached: true, snippets: [] });
    expect((await tsift(root, ["log-digest"], LOG)).out).toMatch(/summaries: unavailable: .+/);
  });
});
