import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { impact } from "../src/index";
import { commitAll, gitRepo } from "./impact-repo";

/**
 * A two-package npm workspace: `@demo/store` exports an interface and a class implementing
 * it (through a barrel, under a source export condition); `@demo/app`'s test imports the
 * store by package name and calls through the interface.
 */
const WORKSPACE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "demo", private: true, type: "module", workspaces: ["packages/*"] }, null, 2),
  "packages/store/package.json": JSON.stringify(
    {
      name: "@demo/store",
      type: "module",
      exports: { ".": { "@demo/source": "./src/index.ts", types: "./dist/index.d.ts", default: "./dist/index.js" }, "./package.json": "./package.json" },
    },
    null,
    2,
  ),
  "packages/store/src/index.ts": [
    'export { openStore } from "./open-store";',
    'export type { Store } from "./store";',
    'export { MemoryStore } from "./memory-store";',
    "",
  ].join("\n"),
  "packages/store/src/store.ts": ["export interface Store {", "  save(value: string): number;", "}", ""].join("\n"),
  "packages/store/src/memory-store.ts": [
    'import type { Store } from "./store";',
    "",
    "export class MemoryStore implements Store {",
    "  private readonly values: string[] = [];",
    "",
    "  save(value: string): number {",
    "    this.values.push(value);",
    "    return this.values.length;",
    "  }",
    "}",
    "",
  ].join("\n"),
  "packages/store/src/open-store.ts": [
    'import { MemoryStore } from "./memory-store";',
    'import type { Store } from "./store";',
    "",
    "export function openStore(): Store {",
    "  return new MemoryStore();",
    "}",
    "",
  ].join("\n"),
  "packages/app/package.json": JSON.stringify({ name: "@demo/app", type: "module", dependencies: { "@demo/store": "*" } }, null, 2),
  "packages/app/test/app.test.ts": [
    'import { expect, it } from "vitest";',
    'import { openStore } from "@demo/store";',
    "",
    'it("saves through the store", () => {',
    "  const store = openStore();",
    '  expect(store.save("a")).toBe(1);',
    "});",
    "",
    'it("adds", () => {',
    "  expect(1 + 1).toBe(2);",
    "});",
    "",
  ].join("\n"),
};

function edit(root: string, path: string, from: string, to: string): void {
  const file = join(root, path);
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
  writeFileSync(file, text.replace(from, to));
}

describe("impact in a workspace", () => {
  it("reaches a test that imports the changed package by name and calls through its interface", async () => {
    const root = gitRepo(WORKSPACE);
    edit(root, "packages/store/src/memory-store.ts", "return this.values.length;", "return this.values.length + 0;");
    commitAll(root, "count from zero");
    const { data } = await impact({ cwd: root, target: { kind: "revision", rev: "HEAD" } });
    expect(data.changed_symbols.map((symbol) => symbol.name)).toEqual(["MemoryStore.save"]);
    // The call names Store.save; MemoryStore.save implements it, so the call can run it.
    expect(data.tests.map((test) => [test.file, test.via, test.names])).toEqual([["packages/app/test/app.test.ts", "calls", ["saves through the store"]]]);
    expect(data.tests[0]!.reasons[0]!.path).toEqual([
      "MemoryStore.save (packages/store/src/memory-store.ts:6)",
      "Store.save (packages/store/src/store.ts:2), by dispatch",
      "packages/app/test/app.test.ts:6",
    ]);
  });

  it("walks the import graph into the package's source through its name and barrel", async () => {
    const root = gitRepo(WORKSPACE);
    edit(root, "packages/store/src/memory-store.ts", "return this.values.length;", "return this.values.length + 0;");
    commitAll(root, "count from zero");
    const { data } = await impact({ cwd: root, target: { kind: "revision", rev: "HEAD" }, imports: "always" });
    const reasons = data.tests.flatMap((test) => test.reasons.filter((reason) => reason.via === "imports").map((reason) => [test.file, reason.path]));
    expect(reasons).toEqual([
      ["packages/app/test/app.test.ts", ["packages/store/src/memory-store.ts", "packages/store/src/index.ts:3", "packages/app/test/app.test.ts:2"]],
    ]);
  });
});
