import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { project, tsift } from "./index-helpers";

const fixture = (cases: object[]) => JSON.stringify({ version: 1, cases });
const entry = (id: string, raw: string, answer: string, required: string[], min = 0.9) => ({
  id,
  surface: "source-read",
  source: "test",
  raw: { command: "cat a.ts", text: raw },
  answer: { command: "tsift source-read a.ts", text: answer },
  required,
  min_savings: min,
});

describe("tsift token-savings", () => {
  it("reports tokens saved per case and fails under a threshold or a lost anchor", async () => {
    const root = project({});
    const raw = Array.from({ length: 400 }, (_, i) => `const value${i} = compute(${i}); // line ${i + 1}`).join("\n");
    writeFileSync(
      join(root, "cases.json"),
      fixture([entry("kept", raw, "a.ts:120 const value119 = compute(119);", ["a.ts:120"]), entry("lost", raw, "a.ts:1 const value0", ["a.ts:120"])]),
    );
    const report = (await tsift(root, ["token-savings", "--fixture", "cases.json", "--json"])).json();
    expect(report.tokenizer).toBe("o200k_base");
    expect(report.cases.map((c: { id: string; pass: boolean; missing: string[] }) => [c.id, c.pass, c.missing])).toEqual([
      ["kept", true, []],
      ["lost", false, ["a.ts:120"]],
    ]);
    expect(report.cases[0].raw_tokens).toBeGreaterThan(20 * report.cases[0].answer_tokens);
    expect((await tsift(root, ["token-savings", "--fixture", "cases.json"])).code).toBe(0);
    expect((await tsift(root, ["token-savings", "--fixture", "cases.json", "--fail-under"])).code).toBe(1);
    writeFileSync(join(root, "bad.json"), '{"version":1,"cases":[{"id":"x"}]}');
    const bad = await tsift(root, ["token-savings", "--fixture", "bad.json"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/bad\.json is not a token-savings fixture: case 1 needs an id and a surface/);
  });

  it("reads the shipped cases of real reads from any directory; every digest surface saves at least 90% and every answer keeps its anchors", async () => {
    // An empty project outside the repository: the default is the fixture @tsift/quality ships.
    const outside = project({});
    const result = await tsift(outside, ["token-savings", "--json"]);
    expect(result.code).toBe(0);
    const report = result.json();
    expect(report.fixture).toBe("@tsift/quality/data/token-savings.json");
    expect((await tsift(repoRoot, ["token-savings", "--json"])).json()).toEqual(report);
    expect(report.summary.surfaces.map((surface: { surface: string }) => surface.surface)).toEqual(
      expect.arrayContaining(["search", "explain", "source-read", "diff-digest", "test-digest", "log-digest"]),
    );
    type Case = { id: string; surface: string; pass: boolean; missing: string[]; savings: number };
    for (const entry of report.cases as Case[]) {
      expect(entry.missing, entry.id).toEqual([]);
      // Search answers a rare literal with about as many tokens as rg prints for it; the
      // README's token-savings table lists those cases and what would close the gap.
      if (entry.surface !== "search") expect(entry.pass, entry.id).toBe(true);
    }
    // With --fail-under the search cases that miss their threshold fail the run, as they should.
    const failing = (report.cases as Case[]).filter((entry) => !entry.pass);
    expect((await tsift(outside, ["token-savings", "--fail-under"])).code).toBe(failing.length ? 1 : 0);
  });
});
