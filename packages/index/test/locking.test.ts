import { describe, expect, it } from "vitest";
import { checkIndex, indexLocation, openIndexReader, querySymbols, updateIndex } from "../src/index";
import { holdLockInChild, tempTree, writeTree } from "./helpers";

describe("the index writer lock", () => {
  it("fails fast with lock_held naming the holder's pid while another process writes, and readers keep working", async () => {
    const root = tempTree({ "a.py": "def a():\n    pass\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    writeTree(root, { "b.py": "def b():\n    pass\n" });
    const holder = await holdLockInChild(location.lockPath);
    try {
      const error = await updateIndex(location).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "lock_held", details: expect.objectContaining({ pid: holder.pid }) });
      expect((error as Error).message).toContain(`pid ${holder.pid}`);
      expect((error as Error).message).toContain("index.lock");
      // Readers never take the lock.
      expect(await checkIndex(location)).toMatchObject({ new: 1, unchanged: 1 });
      const reader = openIndexReader(location);
      try {
        expect(querySymbols(reader.database, { name: "a" }).symbols.map((s) => s.name)).toEqual(["a"]);
      } finally {
        await reader.close();
      }
    } finally {
      await holder.release();
    }
    expect(await updateIndex(location)).toMatchObject({ new: 1 });
  });

  it("takes over a lock whose holder is gone", async () => {
    const root = tempTree({ "a.py": "x = 1\n" });
    const location = indexLocation(root);
    const holder = await holdLockInChild(location.lockPath);
    const { writeFileSync, readFileSync } = await import("node:fs");
    const content = readFileSync(location.lockPath, "utf8");
    await holder.release();
    writeFileSync(location.lockPath, content);
    expect(await updateIndex(location)).toMatchObject({ new: 1 });
  });

  it("releases the lock after a failed update", async () => {
    const root = tempTree({ "a.py": "x = 1\n" });
    const location = indexLocation(root);
    await expect(updateIndex({ ...location, sourceRoot: `${root}/missing` })).rejects.toMatchObject({ code: "not_found" });
    expect(await updateIndex(location)).toMatchObject({ new: 1 });
  });
});
