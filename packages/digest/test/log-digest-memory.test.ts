import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

// The digest is bundled from source and run in a child whose heap is capped, so what the
// digest keeps alive is measured by whether it fits, not by timing or sampling.
const dir = mkdtempSync(join(tmpdir(), "tsift-log-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHILD = `
const { digestLogStream } = await import(process.argv[1]);
// 3000 chunks of 32 KB, each starting with a line of its own shape: the digest keeps
// ~2000 such lines in its repeat tally, so a kept line that pinned its chunk would hold
// ~64 MB, past the 40 MB heap.
async function* chunks() {
  const filler = "x".repeat(32 * 1024);
  for (let i = 0; i < 3000; i++) yield "unique " + "abcdefghij"[i % 10] + String.fromCharCode(65 + (i % 26)) + " line " + i.toString(36).replace(/[0-9]/g, "q") + "\\n" + filler + "\\n";
}
const digest = await digestLogStream(chunks());
process.stdout.write(JSON.stringify({ lines: digest.total_lines, long: digest.long_lines }));
`;

describe("log-digest memory", () => {
  it("keeps only the lines it remembers, not the chunks they were read from", async () => {
    const bundle = join(dir, "digest.mjs");
    await build({
      entryPoints: [join(import.meta.dirname, "..", "src", "log-digest", "index.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: bundle,
      conditions: ["@tsift/source"],
      logLevel: "silent",
    });
    const child = spawnSync(process.execPath, ["--max-old-space-size=40", "--input-type=module", "-e", CHILD, bundle], { encoding: "utf8" });
    expect(child.status, child.stderr.slice(0, 400)).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ lines: 6000, long: 3000 });
  });
});
