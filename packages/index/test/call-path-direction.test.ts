import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openReadIndex, readCallPath, type CallPath, type IndexOpener, type ReadIndex } from "../src/index";
import { tempTree } from "./helpers";

// innerFrom calls isArrayLike and isPromise; switchMap reaches isFunction in three calls,
// while switchMapTo calls both of them (an undirected shortcut of two hops).
const TREE = {
  "util.ts": [
    "export function isArrayLike(x: any): boolean {",
    "  return x && typeof x.length === 'number';",
    "}",
    "export function isPromise(x: any): boolean {",
    "  return typeof x?.then === 'function';",
    "}",
    "export function isFunction(x: any): boolean {",
    "  return typeof x === 'function';",
    "}",
    "",
  ].join("\n"),
  "inner.ts": [
    "import { isArrayLike, isPromise } from './util';",
    "export function innerFrom(x: any): number {",
    "  if (isArrayLike(x)) return 1;",
    "  if (isPromise(x)) return 2;",
    "  return 0;",
    "}",
    "",
  ].join("\n"),
  "ops.ts": [
    "import { isFunction } from './util';",
    "export function switchMap(p: any): boolean {",
    "  return operate(p);",
    "}",
    "function operate(p: any): boolean {",
    "  return lift(p);",
    "}",
    "function lift(p: any): boolean {",
    "  return isFunction(p);",
    "}",
    "export function switchMapTo(p: any): boolean | null {",
    "  return isFunction(p) ? switchMap(p) : null;",
    "}",
    "",
  ].join("\n"),
};

let opened: ReadIndex | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

function project(): { root: string; open: IndexOpener } {
  const root = tempTree(TREE);
  return { root, open: async () => (opened ??= await openReadIndex({ cwd: root })) };
}

const names = (found: CallPath) => found.path?.map((step) => step.name) ?? null;

/** Every hop's call site holds a call of its callee's name, read from the file itself. */
function expectCallSites(root: string, found: CallPath): void {
  found.path_hops!.forEach((hop, i) => {
    const [left, right] = [found.path![i]!, found.path![i + 1]!];
    const [caller, callee] = hop.direction === "forward" ? [left, right] : [right, left];
    expect([hop.caller, hop.callee]).toEqual([caller.handle, callee.handle]);
    const text = readFileSync(join(root, hop.file), "utf8").split("\n")[hop.line - 1]!;
    expect(text).toContain(`${callee.name}(`);
  });
}

describe("tsift path follows calls from caller to callee", () => {
  it("takes the directed three-hop chain, not the two-hop shortcut through a shared caller", async () => {
    const { root, open } = project();
    const found = await readCallPath(open, { from: "switchMap", to: "isFunction" });
    expect(names(found)).toEqual(["switchMap", "operate", "lift", "isFunction"]);
    expect(found).toMatchObject({ hops: 3, direction: "forward", undirected: false });
    expect(found.path_hops!.map((hop) => hop.direction)).toEqual(["forward", "forward", "forward"]);
    expectCallSites(root, found);
  });

  it("asked backwards, answers how the second reaches the first, flagged reverse", async () => {
    const { root, open } = project();
    const found = await readCallPath(open, { from: "isFunction", to: "switchMap" });
    expect(names(found)).toEqual(["isFunction", "lift", "operate", "switchMap"]);
    expect(found).toMatchObject({ hops: 3, direction: "reverse" });
    expect(found.path_hops!.map((hop) => hop.direction)).toEqual(["backward", "backward", "backward"]);
    expectCallSites(root, found);
  });

  it("two callees of one caller are not connected by calls", async () => {
    const { open } = project();
    const found = await readCallPath(open, { from: "isArrayLike", to: "isPromise" });
    expect(found).toMatchObject({ path: null, hops: null, direction: null, path_hops: null });
  });

  it("--undirected links them through their caller and tells each hop's direction", async () => {
    const { root, open } = project();
    const found = await readCallPath(open, { from: "isArrayLike", to: "isPromise", undirected: true });
    expect(names(found)).toEqual(["isArrayLike", "innerFrom", "isPromise"]);
    expect(found).toMatchObject({ hops: 2, direction: "mixed", undirected: true });
    expect(found.path_hops!.map((hop) => hop.direction)).toEqual(["backward", "forward"]);
    expectCallSites(root, found);
    const shortcut = await readCallPath(open, { from: "switchMap", to: "isFunction", undirected: true });
    expect(names(shortcut)).toEqual(["switchMap", "switchMapTo", "isFunction"]);
    expect(shortcut.path_hops!.map((hop) => hop.direction)).toEqual(["backward", "forward"]);
    expectCallSites(root, shortcut);
  });
});
