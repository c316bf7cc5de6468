import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

describe("tsift rewrite", () => {
  it("prints the rewritten command and nothing else", async () => {
    const root = project({ "a.ts": "export const x = 1;\n" }, { git: true });
    const run = await tsift(root, ["rewrite", "rg -n 'get user' src"]);
    expect([run.code, run.out, run.err]).toEqual([0, "tsift --envelope search 'get user' src --exact --budget normal\n", ""]);
    expect((await tsift(root, ["rewrite", "git diff --cached", "--json"])).json()).toMatchObject({
      rewritten: true,
      kind: "diff",
      argv: ["diff-digest", "--cached", "--budget", "normal"],
    });
  });

  it("leaves stdout empty and exits 1 with the reason when there is no rewrite, even with --run", async () => {
    const root = project({ "a.ts": "export const x = 1;\n" });
    for (const argv of [
      ["rewrite", "rg foo | head -5"],
      ["rewrite", "--run", "find . -name '*.ts'"],
      ["--json", "rewrite", "ls"],
    ]) {
      const run = await tsift(root, argv);
      expect(run.code).toBe(1);
      expect(run.out).toBe("");
      expect(run.err).toMatch(/^tsift rewrite: (not rewritten: it pipes into another command|find lists files|ls lists files).*run the command/);
    }
  });

  it("--run runs the rewrite in-process with the caller's output switches and keeps its status", async () => {
    const root = project({ "src/store.ts": "export function getUser() { return 1; }\nexport const other = getUser();\n" });
    const run = await tsift(root, ["--pretty", "rewrite", "--run", "rg getUser src"]);
    expect(run.code).toBe(0);
    expect(run.out.startsWith("{\n")).toBe(true);
    const envelope = JSON.parse(run.out);
    expect(envelope.tool).toBe("search");
    expect(JSON.stringify(envelope.report)).toContain("src/store.ts");
    const missing = await tsift(root, ["rewrite", "--run", "rg getUser nowhere"]);
    expect(missing.code).not.toBe(0);
  });
});
