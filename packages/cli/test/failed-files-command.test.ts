import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bumpMtime, project, tsift, write } from "./index-helpers";

// A file the parser refuses (Markdown nested past what its grammar can hold) stands for any
// file whose extraction fails: before failures were recorded, it was new to every run.
const DEEP = `# Deep\n\n${">".repeat(300)} quoted\n`;

describe("files that fail to index", () => {
  it("are recorded once: index --check passes, the next index finds nothing, and status lists them", async () => {
    const root = project({ "docs/deep.md": DEEP, "src/lib.py": "def util():\n    pass\n" });
    const first = await tsift(root, ["index", "--json"]);
    expect(first.code).toBe(0);
    expect(first.json().warnings).toEqual([expect.objectContaining({ path: "docs/deep.md", stage: "extract_symbols" })]);

    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
    const second = (await tsift(root, ["index", "--json"])).json();
    expect(second).toMatchObject({ new: 0, modified: 0, parsed: 0 });
    expect(second.warnings ?? []).toEqual([]);

    const status = (await tsift(root, ["status", "--json"])).json();
    expect(status.index).toMatchObject({ state: "fresh", total_files: 2, stale_files: 0 });
    expect(status.index.failed_files).toEqual([
      { path: "docs/deep.md", stage: "extract_symbols", reason: expect.stringMatching(/^extraction failed: Markdown nested/) },
    ]);
    expect((await tsift(root, ["status"])).out).toMatch(/^ {2}failed: docs\/deep\.md \(extraction failed: Markdown nested .*\)$/m);

    // Once the file changes it is tried again, and drops off the list when it parses.
    write(root, { "docs/deep.md": "# Deep\n\n> quoted\n" });
    bumpMtime(join(root, "docs/deep.md"));
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(1);
    const fixed = (await tsift(root, ["index", "--json"])).json();
    expect(fixed).toMatchObject({ modified: 1, parsed: 1 });
    expect(fixed.warnings ?? []).toEqual([]);
    const after = (await tsift(root, ["status", "--json"])).json();
    expect(after.index.failed_files).toBeUndefined();
    expect((await tsift(root, ["symbols", "Deep", "--json"])).json().symbols).toEqual([expect.objectContaining({ name: "Deep", file: "docs/deep.md" })]);
  });
});
