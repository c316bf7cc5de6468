import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { tsift } from "./index-helpers";

/**
 * fixtures/resolution-modes/rust/dispatch through `tsift graph`: a call on a `&dyn Repository`
 * receiver keeps its edge on the trait member and lists the `impl Repository for …` methods
 * it can dispatch to.
 */
let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-graph-dispatch-")));
  cpSync(join(repoRoot, "fixtures", "resolution-modes", "rust", "dispatch"), root, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("dispatch targets in tsift graph", () => {
  it("a callee edge to a trait member carries its implementations", async () => {
    const result = await tsift(root, ["graph", "save_dyn", "--callees", "--json"]);
    expect(result.code, result.err).toBe(0);
    expect(result.json().callees).toEqual([
      expect.objectContaining({
        callee_name: "Repository.save",
        callee_file: "src/store.rs",
        resolution: "typed",
        dispatch: [
          expect.objectContaining({ name: "SqlRepository.save", file: "src/store.rs", line: 8 }),
          expect.objectContaining({ name: "MemoryRepository.save", file: "src/store.rs", line: 16 }),
        ],
      }),
    ]);
  });

  it("text output lists them on a dispatch line under the callee; other edges have none", async () => {
    const result = await tsift(root, ["graph", "save_dyn", "--callees"]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(
      "src/main.rs:6  Repository.save  → src/store.rs:2\n      dispatch: SqlRepository.save src/store.rs:8, MemoryRepository.save src/store.rs:16",
    );
    const main = await tsift(root, ["graph", "main", "--callees", "--json"]);
    expect(main.json().callees.filter((edge: { dispatch?: unknown }) => edge.dispatch !== undefined)).toEqual([]);
  });
});
