import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { historyLocation, indexHistory, openReadIndex, readExplanation } from "../src/index";
import { commit, newRepo } from "./history-helpers";

const STORE = (body: string) => `export function load(key: string) {\n  return ${body};\n}\n`;

describe("explain with a history index", () => {
  it("adds the symbol's file's top co-changed files only when history.db exists, and never builds it", async () => {
    const root = newRepo();
    commit(root, "feat: store", { write: { "src/store.ts": STORE("key"), "src/cache.ts": "export const c = 1;\n", "src/log.ts": "export const l = 1;\n" } });
    commit(root, "fix: store", { write: { "src/store.ts": STORE("key.trim()"), "src/cache.ts": "export const c = 2;\n" } });
    commit(root, "fix: again", { write: { "src/store.ts": STORE("key.trim() + ''"), "src/cache.ts": "export const c = 3;\n" } });
    commit(root, "feat: others", { write: { "src/a.ts": "1\n", "src/b.ts": "1\n", "src/c.ts": "1\n", "src/store.ts": STORE("key.toString()") } });
    const explain = async () => {
      const index = await openReadIndex({ cwd: root, path: root });
      try {
        return await readExplanation(async () => index, { symbol: "load" });
      } finally {
        await index.close();
      }
    };
    const without = await explain();
    expect(without.co_changed).toBeUndefined();
    expect(existsSync(historyLocation(root).dbPath)).toBe(false);

    await indexHistory({ root });
    const withHistory = await explain();
    expect(withHistory.co_changed).toEqual({
      path: "src/store.ts",
      commits: 4,
      files: [
        { path: "src/cache.ts", count: 3, support: 0.75, jaccard: 0.75 },
        { path: "src/a.ts", count: 1, support: 0.25, jaccard: 0.25 },
        { path: "src/b.ts", count: 1, support: 0.25, jaccard: 0.25 },
      ],
    });
  });
});
