import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

/** 25 source files: more than the 20 changed files a human report lists by default. */
const TREE = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`m${String(i).padStart(2, "0")}.py`, `def f${i}():\n    pass\n`]));
const names = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${String(from + i).padStart(2, "0")}.py`);

describe("tsift index lists at most --limit changed files in human output", () => {
  it("shows 20 then (+N more) by default, every one with --limit 0, all of them in JSON", async () => {
    const root = project(TREE);
    const first = await tsift(root, ["index"]);
    expect(first.code).toBe(0);
    expect(first.out).toBe(
      [
        "Index (incremental): 25 files tracked",
        "  new: 25  modified: 0  deleted: 0  unchanged: 0",
        "",
        ...names(0, 20).map((name) => `  + ${name} [python]`),
        "  (+5 more)",
        "",
      ].join("\n"),
    );
    const all = await tsift(root, ["index", "--rebuild", "--limit", "0"]);
    expect(all.out.split("\n").filter((line) => line.startsWith("  + "))).toEqual(names(0, 25).map((name) => `  + ${name} [python]`));
    expect(all.out).not.toContain("more)");
    const three = await tsift(root, ["index", "--rebuild", "-l", "3", "--compact"]);
    expect(three.out.trimEnd().split("\n").slice(1)).toEqual([...names(0, 3).map((name) => `+${name}`), "(+22 more)"]);
    const json = (await tsift(root, ["index", "--rebuild", "--json"])).json();
    expect(json.changes).toHaveLength(25);
    expect(json).not.toHaveProperty("truncated");
  });

  it("refuses a negative --limit like every other command", async () => {
    const root = project({ "a.py": "def a():\n    pass\n" });
    const result = await tsift(root, ["index", "--limit", "-1"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--limit/);
  });
});
