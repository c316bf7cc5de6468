import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexLocation, updateIndex } from "@tsift/index";
import { afterEach, describe, expect, test } from "vitest";
import { testDigest } from "../src/index";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "test-output");
const read = (file: string) => readFileSync(join(FIXTURES, file), "utf8");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The project the JavaScript captures ran, copied to a temp dir, indexed unless asked not to. */
async function project(indexed = true): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "tsift-test-digest-"));
  dirs.push(root);
  cpSync(join(FIXTURES, "project"), root, { recursive: true });
  if (indexed) await updateIndex(indexLocation(root), { workers: 0 });
  return root;
}

describe("testDigest maps each failure's project frame to its indexed symbol", () => {
  test("jest: the throw inside src/config.js is parsePort", async () => {
    const root = await project();
    const digest = await testDigest({ root, text: read("jest-verbose.txt") });
    expect(digest.symbols).toMatchObject({ status: "mapped", next: null });
    expect(digest.failures[0]).toMatchObject({ location: "src/config.js:3", symbol: { name: "parsePort", kind: "function", file: "src/config.js", line: 1 } });
    expect(digest.failures[0]!.symbol!.handle).toMatch(/^gsym-/);
    expect(digest.symbols.mapped).toBe(digest.failures.filter((group) => group.symbol !== null).length);
  });

  test("node:test: absolute frames under the project root become root-relative and are mapped", async () => {
    const root = await project();
    const text = read("node-test-spec.txt").replaceAll("/tmp/tsift-capture/node", root);
    const digest = await testDigest({ root, text });
    expect(digest.first_error!.location).toBe("src/config.js:3");
    expect(digest.failures[0]).toMatchObject({ location: "src/config.js:3", symbol: { name: "parsePort" } });
    expect(digest.failures.find((group) => group.tests_total === 2)).toMatchObject({ location: "test/slug.test.js:6", symbol: { name: "expectSlug" } });
  });

  test("frames outside the project stay as printed and unmapped", async () => {
    const root = await project();
    const digest = await testDigest({ root, text: read("node-test-spec.txt") });
    expect(digest.failures[0]).toMatchObject({ location: "/tmp/tsift-capture/node/src/config.js:3", symbol: null });
  });
});

describe("testDigest never builds or refreshes the index", () => {
  test("no index: frames unmapped, the field says so and names the command, nothing is written", async () => {
    const root = await project(false);
    const digest = await testDigest({ root, text: read("jest-verbose.txt") });
    expect(digest.symbols).toMatchObject({ status: "no_index", mapped: 0 });
    expect(digest.symbols.next).toMatch(/^tsift index/);
    expect(digest.failures.every((group) => group.symbol === null)).toBe(true);
    expect(existsSync(join(root, ".tsift"))).toBe(false);
  });

  test("a stale index is read but not trusted for line numbers, and not updated", async () => {
    const root = await project();
    const db = indexLocation(root).dbPath;
    const before = statSync(db).mtimeMs;
    writeFileSync(join(root, "src", "config.js"), `// moved\n${readFileSync(join(root, "src", "config.js"), "utf8")}`);
    const digest = await testDigest({ root, text: read("jest-verbose.txt") });
    expect(digest.symbols).toMatchObject({ status: "stale_index", mapped: 0 });
    expect(digest.symbols.note).toContain("1 file(s) changed");
    expect(digest.failures.every((group) => group.symbol === null)).toBe(true);
    expect(statSync(db).mtimeMs).toBe(before);
  });

  test("output with no project frame needs no index", async () => {
    const root = await project(false);
    const digest = await testDigest({ root, text: "nothing a runner printed\n" });
    expect(digest).toMatchObject({ runner: null, status: "unknown", symbols: { status: "no_frames" } });
    expect(digest.economy.input_bytes).toBe(25);
  });
});
