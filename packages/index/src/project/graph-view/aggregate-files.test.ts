import { describe, expect, it } from "vitest";
import { aggregateFiles, groupLinks, type MapFile } from "./aggregate-files";

const file = (path: string, symbols = 1): MapFile => ({ path, language: "typescript", size: 10, symbols });

/** A 500-file repository: 5 packages × 4 directories × 25 files, plus a root file. */
function bigRepo(): MapFile[] {
  const files = [file("index.ts")];
  for (let p = 0; p < 5; p++) for (let d = 0; d < 4; d++) for (let f = 0; f < 25; f++) files.push(file(`packages/p${p}/src/d${d}/f${f}.ts`));
  return files;
}

describe("aggregateFiles (the map's node cap)", () => {
  it("keeps every file as its own node when they fit, or with no cap", () => {
    const files = [file("b.ts"), file("a/x.ts"), file("a/y.ts")];
    expect(aggregateFiles(files, 3)).toMatchObject({ depth: null, merged: 0, groups: [{ id: "file:a/x.ts" }, { id: "file:a/y.ts" }, { id: "file:b.ts" }] });
    expect(aggregateFiles(bigRepo(), 0).groups).toHaveLength(501);
  });

  it("groups 500 files by the deepest directory level that fits the cap", () => {
    const files = bigRepo();
    const wide = aggregateFiles(files, 300);
    // Depth 4 (packages/pN/src/dM) makes 20 directories plus the root's own file: the deepest level, since depth 5 does not exist.
    expect(wide.depth).toBe(4);
    expect(wide.groups).toHaveLength(21);
    expect(wide.groups.map((group) => group.id).slice(0, 2)).toEqual(["dir:packages/p0/src/d0/", "dir:packages/p0/src/d1/"]);
    expect(wide.groups.at(-1)!.id).toBe("file:index.ts");
    expect(wide.groupOf.get("packages/p3/src/d2/f7.ts")).toBe("dir:packages/p3/src/d2/");
    const narrow = aggregateFiles(files, 10);
    expect(narrow.depth).toBe(3);
    expect(narrow.groups.map((group) => group.id)).toEqual([...[0, 1, 2, 3, 4].map((p) => `dir:packages/p${p}/src/`), "file:index.ts"]);
    for (const limit of [1, 2, 5, 6, 21, 300]) expect(aggregateFiles(files, limit).groups.length).toBeLessThanOrEqual(limit);
  });

  it("keeps each top-level file a node of its own beside the directories, the rest as ./ (+N more) when they do not all fit", () => {
    // A library whose modules are its top-level files (150 of them) plus two directories of internals.
    const files = [
      ...Array.from({ length: 150 }, (_, i) => file(`Mod${String(i).padStart(3, "0")}.ts`, i % 7)),
      ...Array.from({ length: 100 }, (_, i) => file(`internal/part${i % 4}/f${i}.ts`)),
      ...Array.from({ length: 50 }, (_, i) => file(`unstable/u${i}.ts`)),
    ];
    const roomy = aggregateFiles(files, 200);
    // internal/part0..3 and unstable at depth 2, beside 150 top-level files: 155 nodes.
    expect(roomy).toMatchObject({ depth: 2, root_files: 150, merged: 0 });
    expect(roomy.groups).toHaveLength(155);
    expect(roomy.groupOf.get("Mod042.ts")).toBe("file:Mod042.ts");
    expect(roomy.groups.some((group) => group.id === "dir:./")).toBe(false);

    const tight = aggregateFiles(files, 60);
    // Depth 1 (internal, unstable) leaves 58 slots: 57 top-level files with the most symbols, the other 93 in ./.
    expect(tight).toMatchObject({ depth: 1, root_files: 57 });
    expect(tight.groups).toHaveLength(60);
    const rest = tight.groups.find((group) => group.id === "dir:./")!;
    expect(rest).toMatchObject({ kind: "directory", more: 93 });
    expect(rest.files).toHaveLength(93);
    const alone = tight.groups.filter((group) => group.kind === "file").map((group) => group.files[0]!);
    // The oracle: every file kept alone has at least as many symbols as every file folded into ./.
    expect(Math.min(...alone.map((f) => f.symbols))).toBeGreaterThanOrEqual(Math.max(...rest.files.map((f) => f.symbols)));
    for (const limit of [1, 2, 3, 60, 152, 200]) expect(aggregateFiles(files, limit).groups.length).toBeLessThanOrEqual(limit);
  });

  it("merges the smallest top-level groups into …other when even they exceed the cap", () => {
    const files = [file("a/1.ts"), file("a/2.ts"), file("a/3.ts"), file("b/1.ts"), file("b/2.ts"), file("c/1.ts"), file("d/1.ts")];
    const capped = aggregateFiles(files, 3);
    expect(capped).toMatchObject({ depth: 1, merged: 2 });
    expect(capped.groups.map((group) => [group.id, group.files.length])).toEqual([
      ["dir:a/", 3],
      ["dir:b/", 2],
      ["dir:…other/", 2],
    ]);
    expect(aggregateFiles(files, 1).groups.map((group) => group.id)).toEqual(["dir:…other/"]);
  });

  it("is deterministic whatever order the files come in", () => {
    const files = bigRepo();
    expect(aggregateFiles([...files].reverse(), 10)).toEqual(aggregateFiles(files, 10));
  });

  it("sums links between groups and drops those inside one", () => {
    const { groupOf } = aggregateFiles([file("a/1.ts"), file("a/2.ts"), file("b/1.ts"), file("c.ts")], 2);
    const links = groupLinks(
      [
        { from: "a/1.ts", to: "a/2.ts", kind: "imports", weight: 1 },
        { from: "a/1.ts", to: "b/1.ts", kind: "imports", weight: 2 },
        { from: "a/2.ts", to: "b/1.ts", kind: "imports", weight: 1 },
        { from: "a/2.ts", to: "b/1.ts", kind: "calls", weight: 4 },
        { from: "a/2.ts", to: "gone.ts", kind: "calls", weight: 4 },
      ],
      groupOf,
    );
    expect(links).toEqual([
      { from: "dir:a/", to: "dir:…other/", kind: "calls", weight: 4 },
      { from: "dir:a/", to: "dir:…other/", kind: "imports", weight: 3 },
    ]);
  });
});
