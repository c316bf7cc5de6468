import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { digestLog } from "../src/index";

interface LogFixture {
  file: string;
  tool: string;
  version: string;
  command: string;
  status: number;
  bytes: number;
  expect: { first_error: string | null; anchors: string[]; warnings_include?: string[] };
}

const DIR = join(import.meta.dirname, "..", "..", "..", "fixtures", "logs");
const FIXTURES = JSON.parse(readFileSync(join(DIR, "index.json"), "utf8")) as LogFixture[];
// Below this a digest's fixed sections (head, tail, counts) are a large share of the
// input, and an agent would read the log itself anyway.
const LARGE_ENOUGH = 16 * 1024;

describe("log-digest on real captured logs (fixtures/logs)", () => {
  it("covers npm, tsc, nx, python and cargo, each labelled with its version", () => {
    expect(FIXTURES.map((fixture) => fixture.tool).sort()).toEqual(["cargo", "npm", "nx", "python3", "tsc"]);
    for (const fixture of FIXTURES) expect(fixture.version).toMatch(/\d+\.\d+/);
  });

  describe.each(FIXTURES)("$file ($tool $version)", (fixture) => {
    const text = readFileSync(join(DIR, fixture.file), "utf8");
    const digest = digestLog(text);

    it("is at least 90% smaller than a large log", () => {
      expect(digest.economy.input_bytes).toBe(fixture.bytes);
      if (fixture.bytes >= LARGE_ENOUGH) expect(digest.economy.saved_percent).toBeGreaterThanOrEqual(90);
    });

    it("keeps the first error and its file:line anchors", () => {
      if (fixture.expect.first_error === null) {
        expect(digest.first_error).toBeNull();
      } else {
        expect(digest.first_error?.text).toContain(fixture.expect.first_error);
        const anchors = digest.first_error!.anchors.map((anchor) => `${anchor.path}:${anchor.line}`);
        for (const anchor of fixture.expect.anchors) expect(anchors).toContain(anchor);
        // The report-wide anchor list leads with the first error's own.
        expect(`${digest.anchors[0]!.path}:${digest.anchors[0]!.line}`).toBe(anchors[0]);
      }
      for (const warning of fixture.expect.warnings_include ?? [])
        expect(digest.signals.some((group) => group.kind === "warning" && group.first.text.includes(warning))).toBe(true);
    });

    it("reports a non-zero exit when the tool printed one", () => {
      if (fixture.status === 0) expect(digest.counts.error + digest.counts.fatal + digest.counts.panic + digest.counts.traceback).toBe(0);
      else expect(digest.signal_lines).toBeGreaterThan(0);
    });
  });
});
