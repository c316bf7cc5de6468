import { describe, expect, it } from "vitest";
import { indexHistory, readCoChange, topCoChanged } from "../src/index";
import { commit, gitIn, newRepo, oracleCoChange, random } from "./history-helpers";

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("co-change", () => {
  it("matches a plain count over git log --name-only, renames, deletes, merges and bulk commits included", async () => {
    const root = newRepo();
    const next = random(17);
    const pool = Array.from({ length: 14 }, (_, index) => `${["api", "core", "ui"][index % 3]}/file${index}.ts`);
    let alive = new Set<string>();
    for (let step = 0; step < 70; step++) {
      const write: Record<string, string | null> = {};
      const size = step % 23 === 22 ? 12 : 1 + Math.floor(next() * 4);
      for (let k = 0; k < size; k++) {
        const path = pool[Math.floor(next() * pool.length)]!;
        write[path] = `${step}.${k}\n`;
      }
      const move: Array<[string, string]> = [];
      if (step % 17 === 16 && alive.size > 0) {
        const from = [...alive].sort()[0]!;
        const to = `moved/${step}-${from.split("/")[1]}`;
        move.push([from, to]);
        delete write[from];
      } else if (step % 13 === 12 && alive.size > 0) {
        const victim = [...alive].sort()[1] ?? [...alive][0]!;
        write[victim] = null;
      }
      if (step === 40) {
        gitIn(root, ["checkout", "-q", "-b", "side"]);
        commit(root, "feat: side", { write: { "api/file0.ts": "side\n", "ui/side.ts": "s\n" } });
        gitIn(root, ["checkout", "-q", "main"]);
        commit(root, "feat: main", { write: { "core/file1.ts": "main\n" } });
        gitIn(root, ["merge", "-q", "--no-edit", "side"]);
      }
      commit(root, `chore: step ${step}`, { write, move });
      alive = new Set(gitIn(root, ["ls-files"]).split("\n").filter(Boolean));
    }
    await indexHistory({ root });
    const paths = ["api/file0.ts", "core/file1.ts", "ui/file2.ts", "api/file3.ts", "core/file4.ts"];
    for (const maxFiles of [50, 5]) {
      for (const path of paths) {
        const oracle = oracleCoChange(root, path, maxFiles);
        const result = await readCoChange({ root, path, limit: 0, maxFiles });
        expect(result.commits).toBe(oracle.commits);
        const expected = [...oracle.pairs].map(([other, { count, theirs }]) => ({
          path: other,
          count,
          support: Math.round((count / oracle.commits) * 1e4) / 1e4,
          jaccard: Math.round((count / (oracle.commits + theirs - count)) * 1e4) / 1e4,
        }));
        const byKey = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
        expect(result.files.map(({ path, count, support, jaccard }) => ({ path, count, support, jaccard })).sort(byKey)).toEqual(expected.sort(byKey));
        expect(result.total).toBe(expected.length);
        // Ordered by shared commits, then Jaccard, then path.
        const order = result.files.map((file) => [-file.count, -file.jaccard, file.path] as const);
        expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1)));
      }
    }
    const bulk = await readCoChange({ root, path: "api/file0.ts", maxFiles: 5 });
    expect(bulk.bulk_commits_skipped).toBeGreaterThan(0);
  });

  it("limits, filters by count and support, and rejects bad values", async () => {
    const root = newRepo();
    commit(root, "a", { write: { "a.ts": "1", "b.ts": "1", "c.ts": "1" } });
    commit(root, "b", { write: { "a.ts": "2", "b.ts": "2" } });
    commit(root, "c", { write: { "a.ts": "3", "b.ts": "3", "d.ts": "1" } });
    commit(root, "d", { write: { "a.ts": "4" } });
    const all = await readCoChange({ root, path: "a.ts" });
    expect(all.commits).toBe(4);
    expect(all.files.map((file) => [file.path, file.count, file.support, file.jaccard])).toEqual([
      ["b.ts", 3, 0.75, 0.75],
      ["c.ts", 1, 0.25, 0.25],
      ["d.ts", 1, 0.25, 0.25],
    ]);
    expect((await readCoChange({ root, path: "a.ts", limit: 1 })).files.map((file) => file.path)).toEqual(["b.ts"]);
    expect((await readCoChange({ root, path: "a.ts", limit: 1 })).truncated).toBe(true);
    expect((await readCoChange({ root, path: "a.ts", minCount: 2 })).files.map((file) => file.path)).toEqual(["b.ts"]);
    expect((await readCoChange({ root, path: "a.ts", minSupport: 0.5 })).total).toBe(1);
    expect(await codeOf(() => readCoChange({ root, path: "a.ts", minSupport: 2 }))).toBe("invalid_input");
    expect(await codeOf(() => readCoChange({ root, path: "a.ts", maxFiles: 0 }))).toBe("invalid_input");
    expect(await codeOf(() => readCoChange({ root, path: "nope.ts" }))).toBe("not_found");

    // topCoChanged reads only an existing history.db and never builds one.
    const fresh = newRepo();
    commit(fresh, "a", { write: { "a.ts": "1", "b.ts": "1" } });
    expect(await topCoChanged(fresh, "a.ts")).toBeNull();
    const { existsSync } = await import("node:fs");
    expect(existsSync(`${fresh}/.tsift/history.db`)).toBe(false);
    expect((await topCoChanged(root, "a.ts", 1))?.files.map((file) => file.path)).toEqual(["b.ts"]);
    expect(await topCoChanged(root, "nope.ts")).toBeNull();
  });
});

describe("paths through a symlink", () => {
  it("name the same artifact as the real path, deleted files included", async () => {
    const root = newRepo();
    commit(root, "a", { write: { "a.ts": "1", "b.ts": "1" } });
    commit(root, "b", { write: { "a.ts": "2", "b.ts": null } });
    const { symlinkSync } = await import("node:fs");
    const link = `${root}-link`;
    symlinkSync(root, link);
    try {
      expect((await readCoChange({ root, path: `${link}/a.ts` })).files.map((file) => file.path)).toEqual(["b.ts"]);
      expect((await readCoChange({ root, path: `${link}/b.ts` })).files.map((file) => file.path)).toEqual(["a.ts"]);
    } finally {
      const { rmSync } = await import("node:fs");
      rmSync(link);
    }
  });
});
