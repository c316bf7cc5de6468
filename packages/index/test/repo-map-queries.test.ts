import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexLocation, repoMapRows, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

describe("repoMapRows", () => {
  it("reads files, symbols, resolved calls per pair and resolved imports, in a total order", async () => {
    const root = tempTree({
      "src/store.ts": "export function save(x: string): void {\n  check(x);\n  check(x);\n}\n\nfunction check(x: string): void {}\n",
      "src/main.ts": 'import { save } from "./store";\n\nexport function main(): void {\n  save("a");\n  missing();\n}\n\nmain();\n',
      "notes.txt": "not source\n",
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const db = new Database(location.dbPath, { readonly: true });
    try {
      const rows = repoMapRows(db);
      expect(rows.files.map((file) => file.path)).toEqual(["src/main.ts", "src/store.ts"]);
      expect(rows.files[0]!.size).toBeGreaterThan(0);
      expect(rows.symbols.map((symbol) => `${symbol.file}:${symbol.line}:${symbol.name}`)).toEqual([
        "src/main.ts:3:main",
        "src/store.ts:1:save",
        "src/store.ts:6:check",
      ]);
      const id = (name: string) => rows.symbols.find((symbol) => symbol.name === name)!.id;
      expect(rows.symbols[1]!.signature).toBe("export function save(x: string): void");
      expect(rows.calls).toEqual([
        { file: "src/main.ts", caller_id: null, target_id: id("main"), sites: 1 },
        { file: "src/main.ts", caller_id: id("main"), target_id: id("save"), sites: 1 },
        { file: "src/store.ts", caller_id: id("save"), target_id: id("check"), sites: 2 },
      ]);
      expect(rows.imports).toEqual([{ file: "src/main.ts", resolved_file: "src/store.ts", name: "save", sites: 1 }]);
    } finally {
      db.close();
    }
  });
});
