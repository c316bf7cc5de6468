import { describe, expect, it } from "vitest";
import { indexLocation, updateIndex } from "../src/index";
import { query } from "./db-helpers";
import { tempTree } from "./helpers";

const MIB = 1024 * 1024;

describe("updateIndex: files of 1 MiB or more", () => {
  it("indexes one parsed in slices, with the symbols of every slice", async () => {
    const unit = (i: number) =>
      `export function f${i}(a: number): number {\n  return g${i}(a) + 1;\n}\n\nexport class C${i} {\n  m(): void {\n    f${i}(1);\n  }\n}\n\n`;
    const count = Math.ceil((1.1 * MIB) / unit(10_000).length);
    const root = tempTree({ "huge.ts": Array.from({ length: count }, (_, i) => unit(i)).join("") });
    const location = indexLocation(root);
    const summary = await updateIndex(location, { maxFileBytes: 4 * MIB });
    expect(summary).toMatchObject({ parsed: 1, warnings: [] });
    const [{ functions }] = query(location.dbPath, "SELECT count(*) AS functions FROM symbols WHERE kind = 'function'") as [{ functions: number }];
    expect(functions).toBe(count);
    const [{ last }] = query(location.dbPath, "SELECT max(line) AS last FROM symbols") as [{ last: number }];
    expect(last).toBe((count - 1) * 10 + 6);
  });

  it("skips one whose single statement cannot be split as too_large, with the message, and does not re-read it", async () => {
    const entries = Array.from({ length: 40_000 }, (_, i) => `  key${i}: { id: ${i}, label: "row ${i}" },\n`).join("");
    const root = tempTree({ "table.ts": `export const TABLE = {\n${entries}};\n`, "ok.ts": "export const ok = 1;\n" });
    const location = indexLocation(root);
    const first = await updateIndex(location, { maxFileBytes: 4 * MIB });
    expect(first).toMatchObject({ new: 2, parsed: 1 });
    expect(first.warnings.map((warning) => [warning.path, warning.stage])).toEqual([["table.ts", "filter"]]);
    expect(first.warnings[0]!.message).toMatch(/^skipped: \d+ characters is too large to index in bounded memory: a top-level statement at line 1/);
    expect(query(location.dbPath, "SELECT path, skip_reason FROM files ORDER BY path")).toEqual([
      { path: "ok.ts", skip_reason: null },
      { path: "table.ts", skip_reason: "too_large" },
    ]);
    expect(await updateIndex(location, { maxFileBytes: 4 * MIB })).toMatchObject({ unchanged: 2, warnings: [] });
  });
});
