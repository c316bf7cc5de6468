import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject, type EditRequest } from "../src/index";
import { asJson, cliInProcess, removeTempDirs, tempDir } from "./cli-parity";

// `tsift edit` is a library call: the same batch through the built CLI and through
// `openProject().edit()` reports the same JSON and leaves the same files.

afterAll(() => removeTempDirs());

function tree(): string {
  const root = tempDir("tsift-open-project-edit-");
  writeFileSync(join(root, "a.ts"), "export const alpha = 1;\nexport const beta = alpha;\n");
  writeFileSync(join(root, "b.ts"), "import { alpha } from './a';\nconsole.log(alpha, alpha);\n");
  return root;
}

describe("openProject edits files as `tsift edit --json` does", () => {
  it("applies a batch, and rejects one with the same reasons", async () => {
    const edits: EditRequest[] = [
      { file: "a.ts", old: "alpha", new: "first", replace_all: true },
      { file: "b.ts", old: "alpha", new: "first", count: 3 },
    ];
    const [viaCli, viaLibrary] = [tree(), tree()];
    writeFileSync(join(viaCli, "edits.json"), JSON.stringify({ edits }));
    const project = openProject(viaLibrary);
    expect(asJson(await project.edit(edits))).toEqual(await cliInProcess(viaCli, ["edit", "--input", "edits.json"]));
    expect(readFileSync(join(viaLibrary, "b.ts"), "utf8")).toBe(readFileSync(join(viaCli, "b.ts"), "utf8"));

    const rejected: EditRequest[] = [{ file: "a.ts", old: "missing", new: "x" }];
    writeFileSync(join(viaCli, "edits.json"), JSON.stringify(rejected));
    const report = await project.edit(rejected);
    expect(report.applied).toBe(false);
    expect(asJson(report)).toEqual(await cliInProcess(viaCli, ["edit", "--input", "edits.json"], 1));
  });
});
