import { describe, expect, it } from "vitest";
import { indexLocation, updateIndex } from "../src/index";
import { defaultWorkerCount, PARALLEL_THRESHOLD } from "../src/store/update/extract-pool";
import { dumpIndex } from "./db-helpers";
import { tempTree } from "./helpers";

function project(files: number): Record<string, string> {
  const tree: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    const next = (i + 1) % files;
    tree[`src/m${String(i).padStart(3, "0")}.ts`] = [
      `import { f${next} } from './m${String(next).padStart(3, "0")}';`,
      `export class C${i} { run() { this.step(); return f${next}(); } step() { return shared(); } }`,
      `export function f${i}() { return new C${i}().run(); }`,
      `function shared() { return ${i}; }`,
      "",
    ].join("\n");
  }
  tree["py/a.py"] = "def a():\n    return b()\n\ndef b():\n    return 1\n";
  return tree;
}

describe("parallel extraction", () => {
  it("uses workers only above the threshold and with a core to spare for them", () => {
    expect(defaultWorkerCount(PARALLEL_THRESHOLD, 8)).toBe(0);
    expect(defaultWorkerCount(PARALLEL_THRESHOLD + 1, 8)).toBe(3);
    expect(defaultWorkerCount(1000, 8)).toBe(7);
    expect(defaultWorkerCount(1000, 1)).toBe(0);
    expect(defaultWorkerCount(1000, 2)).toBe(1);
    expect(defaultWorkerCount(1000, 3)).toBe(2);
  });

  it("writes exactly the same rows and ids on worker threads as on the main thread", async () => {
    const root = tempTree(project(90));
    const location = indexLocation(root);
    const serial = await updateIndex(location, { workers: 0 });
    expect(serial.timings.workers).toBe(0);
    const { files: _files, ...serialRows } = dumpIndex(location.dbPath);
    const parallel = await updateIndex(location, { rebuild: true, workers: 2 });
    expect(parallel.timings.workers).toBe(2);
    const { files: _again, ...parallelRows } = dumpIndex(location.dbPath);
    expect(parallel.parsed).toBe(91);
    expect(parallelRows).toEqual(serialRows);
    expect((serialRows.calls as unknown[]).length).toBeGreaterThan(300);
  });

  it("reports progress for every changed file, in order", async () => {
    const root = tempTree(project(70));
    const seen: number[] = [];
    await updateIndex(indexLocation(root), { workers: 2, onProgress: ({ done, total }) => (expect(total).toBe(71), seen.push(done)) });
    expect(seen).toEqual(Array.from({ length: 71 }, (_, i) => i + 1));
  });
});
