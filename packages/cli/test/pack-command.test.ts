import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { project, spawnBuilt, tsift } from "./index-helpers";
import { gitIn } from "./history-helpers";

// Assembled at run time so this file itself holds no credential-shaped literal.
const AWS_KEY_ID = ["AKIA", "QYLPMN5HHHFPZAM2"].join("");

const FILES: Record<string, string> = {
  "src/store.ts": "export function readRecord(id: string): string {\n  return lookup(id);\n}\n\nfunction lookup(id: string): string {\n  return id;\n}\n",
  "src/report.ts": 'import { readRecord } from "./store";\n\nexport function report(id: string): string {\n  return readRecord(id) + readRecord(id);\n}\n',
  "src/page.ts": 'import { report } from "./report";\n\nexport class Page {\n  render(id: string): string {\n    return report(id);\n  }\n}\n',
  "src/cloud.ts": `const key = "${AWS_KEY_ID}";\nexport function upload(): string {\n  return key;\n}\n`,
  "coverage/lcov-report/sorter.js": "export function coverageSorter() {\n  return 0;\n}\n",
};

describe("tsift pack", () => {
  it("prints the pack in md, xml and json, within the budget as o200k_base counts it", async () => {
    const root = project(FILES);
    for (const format of ["md", "xml", "json"]) {
      const result = await tsift(root, ["pack", "--budget", "300", "--format", format]);
      expect(result.code).toBe(0);
      expect(countTokens(result.out)).toBeLessThanOrEqual(300);
      expect(result.out).toContain("readRecord");
      expect(result.out).not.toContain(AWS_KEY_ID);
      expect(result.out).not.toContain("coverageSorter");
      if (format === "json") expect(JSON.parse(result.out)).toMatchObject({ profile: "plan", budget: 300, tokenizer: "o200k_base" });
      if (format === "xml") expect(result.out.startsWith('<repo_map name="')).toBe(true);
      if (format === "md") expect(result.out.startsWith("# Repo map: ")).toBe(true);
    }
    const md = await tsift(root, ["pack", "--budget", "300"]);
    expect(md.out).toContain("## src/store.ts\n```typescript\n1: export function readRecord(id: string): string\n");
    expect(md.out).toContain(
      "Skipped: 2: coverage/lcov-report/sorter.js (build_output: coverage/), src/cloud.ts (secret_content: secretlint aws at line 1).\n",
    );
  });

  it("--json reports the pack's data, its exact token count and, with --token-map, where the tokens went", async () => {
    const root = project(FILES);
    const result = await tsift(root, ["pack", root, "--budget", "1000", "--token-map", "--json"]);
    expect(result.code).toBe(0);
    const data = result.json();
    expect(data.tokens).toBe(countTokens(data.text));
    expect(data.files.map((file: { path: string }) => file.path)).toEqual(["src/store.ts", "src/page.ts", "src/report.ts"]);
    expect(data.token_map).toEqual(
      data.files.map((file: { path: string; symbols: unknown[] }) => ({
        path: file.path,
        pack_tokens: expect.any(Number),
        raw_tokens: countTokens(FILES[file.path]!),
        symbols: file.symbols.length,
      })),
    );
    expect(data.skipped.map((entry: { path: string; reason: string }) => `${entry.path} ${entry.reason}`)).toEqual([
      "coverage/lcov-report/sorter.js build_output",
      "src/cloud.ts secret_content",
    ]);
    expect(data.text).toContain("## Token map");
  });

  it("--changed centres on the working tree's changes, --since on a branch; the built binary prints the same", async () => {
    const root = project(FILES);
    gitIn(root, ["init", "-q"]);
    writeFileSync(join(root, ".gitignore"), ".tsift/\n");
    gitIn(root, ["add", "-A"]);
    gitIn(root, ["commit", "-q", "-m", "first"]);
    const page = join(root, "src/page.ts");
    writeFileSync(page, readFileSync(page, "utf8").replace("return report(id);", "return report(id).trim();"));
    const changed = await tsift(root, ["pack", "--changed", "--profile", "review", "--budget", "400"]);
    expect(changed.code).toBe(0);
    expect(changed.out).toContain("Centre: 1 changed file (working tree): src/page.ts.");
    expect(changed.out).toContain(
      "## src/page.ts\n```typescript\n3*: export class Page\n4*:   render(id: string): string\n5:     return report(id).trim();\n```\n",
    );
    const built = spawnBuilt(root, ["pack", "--changed", "--profile", "review", "--budget", "400"]);
    expect(built.code).toBe(0);
    expect(built.out).toBe(changed.out);

    gitIn(root, ["checkout", "-q", "-b", "feature"]);
    gitIn(root, ["commit", "-q", "-am", "trim"]);
    const since = await tsift(root, ["pack", "--since", "main", "--profile", "debug", "--json"]);
    expect(since.json().centre).toEqual({ target: "since main", files: ["src/page.ts"] });
    expect(since.json().files[0].symbols.find((symbol: { name: string }) => symbol.name === "Page.render")).toMatchObject({ changed: true, calls: ["report"] });
  });

  it("rejects a budget below 256, --changed with --since, and unknown profiles as usage errors", async () => {
    const root = project(FILES);
    const small = await tsift(root, ["pack", "--budget", "100"]);
    expect(small.code).toBe(2);
    const both = await tsift(root, ["pack", "--changed", "--since", "main"]);
    expect(both.code).toBe(2);
    expect(both.err).toContain("error[usage]");
    expect((await tsift(root, ["pack", "--profile", "audit"])).code).toBe(2);
    expect((await tsift(root, ["pack", "--format", "yaml"])).code).toBe(2);
  });
});
