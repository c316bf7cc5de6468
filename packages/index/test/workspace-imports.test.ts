import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { dispatchSourcesOf, indexLocation, symbolsOfFile, updateIndex } from "../src/index";
import { tempTree, writeTree } from "./helpers";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One package per way a package.json can name its entry; `app/src/main.ts` imports each by name. */
const WORKSPACE: Record<string, string> = {
  "package.json": json({ name: "root", private: true, workspaces: ["packages/*"] }),
  // A source condition written first wins over the build output.
  "packages/cond/package.json": json({
    name: "@demo/cond",
    exports: { ".": { "@demo/source": "./src/index.ts", types: "./dist/index.d.ts", default: "./dist/index.js" }, "./extra": "./src/extra.ts" },
  }),
  "packages/cond/src/index.ts": "export const cond = 1;\n",
  "packages/cond/src/extra.ts": "export const extra = 1;\n",
  // Only build targets: mapped back from dist/ to src/.
  "packages/built/package.json": json({ name: "@demo/built", exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }),
  "packages/built/src/index.ts": "export const built = 1;\n",
  // Subpath patterns.
  "packages/pattern/package.json": json({ name: "pattern", exports: { ".": "./lib/main.js", "./*": "./lib/*.js" } }),
  "packages/pattern/lib/main.js": "export const main = 1;\n",
  "packages/pattern/lib/tool.js": "export const tool = 1;\n",
  // `main` only, and nothing at all (src/index.ts).
  "packages/plain/package.json": json({ name: "plain", main: "dist/plain.js" }),
  "packages/plain/src/plain.ts": "export const plain = 1;\n",
  "packages/bare/package.json": json({ name: "bare" }),
  "packages/bare/src/index.ts": "export const bare = 1;\n",
  "app/src/main.ts": [
    'import { cond } from "@demo/cond";',
    'import { extra } from "@demo/cond/extra";',
    'import { built } from "@demo/built";',
    'import { main } from "pattern";',
    'import { tool } from "pattern/tool";',
    'import { plain } from "plain";',
    'import { bare } from "bare";',
    'import { useState } from "react";',
    "",
    "export const all = [cond, extra, built, main, tool, plain, bare, useState];",
    "",
  ].join("\n"),
};

function importTargets(dbPath: string): Record<string, string | null> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT module, resolved_file FROM imports WHERE file = 'app/src/main.ts' ORDER BY line").all() as {
      module: string;
      resolved_file: string | null;
    }[];
    return Object.fromEntries(rows.map((row) => [row.module, row.resolved_file]));
  } finally {
    db.close();
  }
}

describe("workspace package imports", () => {
  it("resolve a package name to its source through exports, conditions, patterns, main and src/index", async () => {
    const root = tempTree(WORKSPACE);
    const location = indexLocation(root);
    await updateIndex(location);
    expect(importTargets(location.dbPath)).toEqual({
      "@demo/cond": "packages/cond/src/index.ts",
      "@demo/cond/extra": "packages/cond/src/extra.ts",
      "@demo/built": "packages/built/src/index.ts",
      pattern: "packages/pattern/lib/main.js",
      "pattern/tool": "packages/pattern/lib/tool.js",
      plain: "packages/plain/src/plain.ts",
      bare: "packages/bare/src/index.ts",
      react: null,
    });
  });

  it("re-resolve every import when a package.json changes, though no source file did", async () => {
    const root = tempTree(WORKSPACE);
    const location = indexLocation(root);
    await updateIndex(location);
    writeTree(root, {
      "packages/bare/package.json": json({ name: "bare", exports: "./src/other.ts" }),
      "packages/bare/src/other.ts": "export const bare = 2;\n",
    });
    await updateIndex(location);
    expect(importTargets(location.dbPath).bare).toBe("packages/bare/src/other.ts");
    // Renamed: no package answers to "bare" any more.
    writeTree(root, { "packages/bare/package.json": json({ name: "renamed" }) });
    await updateIndex(location);
    expect(importTargets(location.dbPath).bare).toBeNull();
  });
});

describe("dispatchSourcesOf", () => {
  it("names the interface and base-class members a method implements or overrides, not same-named methods elsewhere", async () => {
    const root = tempTree({
      "src/store.ts": ["export interface Store {", "  save(value: string): number;", "}", ""].join("\n"),
      "src/base.ts": [
        'import type { Store } from "./store";',
        "export abstract class BaseStore implements Store {",
        "  abstract save(value: string): number;",
        "}",
        "",
      ].join("\n"),
      "src/memory.ts": [
        'import { BaseStore } from "./base";',
        "export class MemoryStore extends BaseStore {",
        "  save(value: string): number {",
        "    return value.length;",
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/other.ts": ["export class Disk {", "  save(value: string): number {", "    return 0;", "  }", "}", ""].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const db = new Database(location.dbPath, { readonly: true });
    try {
      const idOf = (file: string, name: string) => symbolsOfFile(db, file).find((symbol) => symbol.qualified_name === name)!.id;
      expect(dispatchSourcesOf(db, idOf("src/memory.ts", "MemoryStore.save")).map((symbol) => `${symbol.file}:${symbol.qualified_name}`)).toEqual([
        "src/base.ts:BaseStore.save",
        "src/store.ts:Store.save",
      ]);
      expect(dispatchSourcesOf(db, idOf("src/other.ts", "Disk.save"))).toEqual([]);
      expect(dispatchSourcesOf(db, idOf("src/memory.ts", "MemoryStore"))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
