import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexFreshness } from "./index-freshness";
import { indexLocation } from "./index-location";
import { updateIndex } from "./update-index";

const root = mkdtempSync(join(tmpdir(), "tsift-freshness-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("indexFreshness", () => {
  it("is missing, then fresh with counts and age, then stale after an edit", async () => {
    writeFileSync(join(root, "a.py"), "def a():\n    pass\n");
    writeFileSync(join(root, "b.py"), "def b():\n    pass\n");
    const location = indexLocation(root);
    expect(await indexFreshness(location)).toEqual({ state: "missing", total_files: 0, stale_files: 0, last_indexed_at: null, last_indexed_secs_ago: null, tool_version: null });
    await updateIndex(location);
    const fresh = await indexFreshness(location);
    expect(fresh).toMatchObject({ state: "fresh", total_files: 2, stale_files: 0, tool_version: expect.any(String) });
    const later = new Date(Date.parse(fresh.last_indexed_at!) + 90_000);
    expect((await indexFreshness(location, { now: later })).last_indexed_secs_ago).toBe(90);
    const future = new Date(Date.now() + 10_000);
    utimesSync(join(root, "a.py"), future, future);
    writeFileSync(join(root, "c.py"), "x = 1\n");
    expect(await indexFreshness(location)).toMatchObject({ state: "stale", total_files: 2, stale_files: 2 });
  });
});
