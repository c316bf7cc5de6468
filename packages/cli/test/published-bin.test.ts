import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { project, spawnBuilt } from "./index-helpers";

const publishedBin = join(repoRoot, "bin", "tsift.js");

/** Enough symbols that `symbols --limit 0` writes far more than a pipe buffer holds. */
const MANY = {
  "src/many.ts": Array.from({ length: 4000 }, (_, at) => `export function handler${at}(value: number): number {\n  return value + ${at};\n}\n`).join(""),
};

describe("the published bin (bin/tsift.js)", () => {
  it("runs the CLI's own entry: same output as packages/cli/dist/bin.js", () => {
    const root = project({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
    expect(spawnBuilt(root, ["index"]).code).toBe(0);
    for (const argv of [["--help"], ["symbols", "alpha", "--json"], ["graph", "beta", "--callers"], ["serach", "x"]]) {
      const published = spawnSync(process.execPath, [publishedBin, ...argv], { cwd: root, encoding: "utf8" });
      expect({ code: published.status, out: published.stdout, err: published.stderr }).toEqual(spawnBuilt(root, argv));
    }
  });

  it("exits 0 without a word on stderr when the reader closes the pipe early (| head -1)", () => {
    const root = project(MANY);
    expect(spawnBuilt(root, ["index"]).code).toBe(0);
    // PIPESTATUS[0] is tsift's own exit code; head exits after the first line.
    const script = `node ${JSON.stringify(publishedBin)} symbols --limit 0 2>stderr.txt | head -1; echo "exit=\${PIPESTATUS[0]}"; cat stderr.txt`;
    const result = spawnSync("bash", ["-c", script], { cwd: root, encoding: "utf8" });
    const [first, status, ...stderr] = result.stdout.split("\n");
    expect(first).toMatch(/handler/);
    expect(status).toBe("exit=0");
    expect(stderr.join("\n")).toBe("");
  });
});
