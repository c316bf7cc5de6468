import { describe, expect, it } from "vitest";
import { tsift } from "./index-helpers";
import { commit, gitIn, repo } from "./history-helpers";

describe("tsift cochange", () => {
  it("lists files changed with a file, with count, support and Jaccard, skipping bulk commits", async () => {
    const root = repo();
    commit(root, "a", { "a.ts": "1", "b.ts": "1", "c.ts": "1" });
    commit(root, "b", { "a.ts": "2", "b.ts": "2" });
    commit(root, "c", { "a.ts": "3", "b.ts": "3", "d.ts": "1" });
    commit(root, "d", { "a.ts": "4" });
    commit(root, "bulk", Object.fromEntries(["a.ts", "b.ts", "c.ts", "d.ts", "e.ts", "f.ts"].map((path) => [path, "bulk"])));
    const json = await tsift(root, ["cochange", "a.ts", "--max-files", "5", "--json"]);
    expect(json.code).toBe(0);
    expect(json.json()).toEqual({
      path: "a.ts",
      commits: 4,
      bulk_commits_skipped: 1,
      max_files: 5,
      files: [
        { path: "b.ts", alive: true, count: 3, support: 0.75, jaccard: 0.75 },
        { path: "c.ts", alive: true, count: 1, support: 0.25, jaccard: 0.25 },
        { path: "d.ts", alive: true, count: 1, support: 0.25, jaccard: 0.25 },
      ],
      total: 3,
      truncated: false,
    });
    // The default threshold (50 files) counts the bulk commit.
    const text = await tsift(root, ["cochange", "a.ts", "--limit", "2"]);
    expect(text.out).toBe("a.ts: 5 commits\nb.ts  4  support 0.80  jaccard 0.80\nc.ts  2  support 0.40  jaccard 0.40\n(+3 more)\n");
    expect((await tsift(root, ["cochange", "a.ts", "--min-support", "0.5", "--max-files", "5", "--json"])).json().total).toBe(1);
    expect((await tsift(root, ["cochange", "a.ts", "--min-count", "2", "--max-files", "5", "--json"])).json().files).toHaveLength(1);
  });

  it("reads [history] max_files_per_commit and reports bad arguments", async () => {
    const root = repo();
    commit(root, "a", { "a.ts": "1", "b.ts": "1", "c.ts": "1" });
    commit(root, "b", { "a.ts": "2", "b.ts": "2" });
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(`${root}/.tsift`, { recursive: true });
    writeFileSync(`${root}/.tsift/config.toml`, "[history]\nmax_files_per_commit = 2\n");
    expect((await tsift(root, ["cochange", "a.ts", "--json"])).json()).toMatchObject({ commits: 1, bulk_commits_skipped: 1, max_files: 2 });
    expect((await tsift(root, ["cochange", "a.ts", "--min-support", "1.5"])).code).toBe(2);
    const missing = await tsift(root, ["cochange", "zzz.ts"]);
    expect(missing.code).toBe(3);
    expect(missing.err).toBe("tsift: error[not_found]: zzz.ts is not in the git history (next: tsift history artifacts)\n");
    gitIn(root, ["status"]);
  });
});
