import { chmodSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkIndex, indexFreshness, indexLocation, openIndexReader, querySymbols, updateIndex } from "../src/index";
import { query } from "./db-helpers";
import { bumpMtime, tempTree } from "./helpers";

// Before failures were recorded, a file that could not be read or extracted was dropped from
// `files`: every run re-read it, `index --check` always found it new, and every search
// refreshed first.
describe("files whose reading or extraction fails", () => {
  it("records an extraction failure with its stat, hash and warning; fresh until the file changes", async () => {
    // Nested past what the Markdown grammar can hold: refused before parsing.
    const root = tempTree({ "deep.md": `# Deep\n\n${">".repeat(300)} quoted\n`, "ok.py": "def ok():\n    pass\n" });
    const location = indexLocation(root);
    const first = await updateIndex(location, { workers: 0 });
    expect(first).toMatchObject({ new: 2, parsed: 1 });
    expect(first.warnings).toEqual([
      expect.objectContaining({ path: "deep.md", stage: "extract_symbols", message: expect.stringContaining("Markdown nested") }),
    ]);
    expect(query(location.dbPath, "SELECT path, skip_reason, length(content_hash) AS hash, size > 0 AS sized FROM files ORDER BY path")).toEqual([
      { path: "deep.md", skip_reason: "extract_failed", hash: 64, sized: 1 },
      { path: "ok.py", skip_reason: null, hash: 64, sized: 1 },
    ]);

    const second = await updateIndex(location, { workers: 0 });
    expect(second).toMatchObject({ new: 0, modified: 0, deleted: 0, unchanged: 2, parsed: 0, warnings: [] });
    expect(await checkIndex(location)).toMatchObject({ new: 0, modified: 0, deleted: 0 });
    const freshness = await indexFreshness(location);
    expect(freshness).toMatchObject({ state: "fresh", total_files: 2, stale_files: 0 });
    expect(freshness.failed).toEqual([{ path: "deep.md", stage: "extract_symbols", reason: expect.stringContaining("extraction failed: Markdown nested") }]);

    // Fixed: parsed again, and no longer listed.
    writeFileSync(join(root, "deep.md"), "# Deep\n\n> quoted\n");
    bumpMtime(join(root, "deep.md"));
    const third = await updateIndex(location, { workers: 0 });
    expect(third).toMatchObject({ modified: 1, parsed: 1, warnings: [] });
    expect((await indexFreshness(location)).failed).toBeUndefined();
    const reader = openIndexReader(location);
    try {
      expect(querySymbols(reader.database, { name: "Deep" }).symbols.map((symbol) => symbol.file)).toEqual(["deep.md"]);
    } finally {
      await reader.close();
    }
  });

  it("refuses a file over the per-file limit by its walked stat, without reading it, until it changes", async () => {
    const root = tempTree({ "ok.ts": "export function ok() {}\n" });
    // Over 2 GiB (sparse: no disk used) and admitted by a raised max_file_bytes: Node could not
    // read it into one buffer, and before the per-file limit every run failed reading it again.
    const big = join(root, "big.ts");
    writeFileSync(big, "");
    truncateSync(big, 2 ** 31 + 1);
    const maxFileBytes = 2 ** 32;
    const location = indexLocation(root);
    const first = await updateIndex(location, { workers: 0, maxFileBytes });
    expect(first.warnings).toEqual([expect.objectContaining({ path: "big.ts", message: expect.stringContaining("per-file limit") })]);
    expect(query(location.dbPath, "SELECT path, skip_reason, content_hash, size FROM files WHERE path = 'big.ts'")).toEqual([
      { path: "big.ts", skip_reason: "too_large", content_hash: "", size: 2 ** 31 + 1 },
    ]);
    expect(await updateIndex(location, { workers: 0, maxFileBytes })).toMatchObject({ new: 0, modified: 0, unchanged: 2 });
    expect(await indexFreshness(location, { maxFileBytes })).toMatchObject({ state: "fresh", stale_files: 0 });

    truncateSync(big, 10);
    writeFileSync(big, "export function big() {}\n");
    const fixed = await updateIndex(location, { workers: 0, maxFileBytes });
    expect(fixed).toMatchObject({ modified: 1, parsed: 1, warnings: [] });
    expect(query(location.dbPath, "SELECT skip_reason FROM files WHERE path = 'big.ts'")).toEqual([{ skip_reason: null }]);
  });

  // Root reads a chmod 000 file anyway, so this case only means something for other users.
  it.skipIf(process.getuid?.() === 0)("records a file without read permission", async () => {
    const root = tempTree({ "ok.ts": "export function ok() {}\n", "secret.ts": "export function secret() {}\n" });
    chmodSync(join(root, "secret.ts"), 0o000);
    try {
      const location = indexLocation(root);
      expect((await updateIndex(location, { workers: 0 })).warnings).toEqual([expect.objectContaining({ path: "secret.ts", stage: "read_source" })]);
      expect(await checkIndex(location)).toMatchObject({ new: 0, modified: 0, deleted: 0 });
      expect((await indexFreshness(location)).failed).toEqual([expect.objectContaining({ path: "secret.ts", stage: "read_source" })]);
    } finally {
      chmodSync(join(root, "secret.ts"), 0o644);
    }
  });

  // 5,000 deep is covered by @tsift/graph's extraction test; indexing cost grows with the square of the depth (qualified names).
  it("indexes 1,000 nested TypeScript functions and 1,000 nested Python defs without a warning", async () => {
    let source = "";
    for (let i = 0; i < 1000; i++) source += `function f${i}() {\n`;
    source += "}\n".repeat(1000);
    let python = "";
    for (let i = 0; i < 1000; i++) python += `${" ".repeat(i)}def g${i}():\n`;
    python += `${" ".repeat(1000)}pass\n`;
    const root = tempTree({ "deep.ts": source, "deep.py": python });
    const location = indexLocation(root);
    const summary = await updateIndex(location, { workers: 0 });
    expect(summary).toMatchObject({ new: 2, parsed: 2, warnings: [] });
    expect(query(location.dbPath, "SELECT language, count(*) AS n FROM symbols GROUP BY language ORDER BY language")).toEqual([
      { language: "python", n: 1000 },
      { language: "typescript", n: 1000 },
    ]);
    expect((await indexFreshness(location)).state).toBe("fresh");
  });
});
