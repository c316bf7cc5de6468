import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { callersOfSymbol, importersOfFile, indexLocation, symbolsOfFile, symbolsOverlapping, undecidedCallsNamed, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

const PROJECT = {
  "src/store.ts": [
    "export class Store {",
    "  get(key: string): string {",
    "    return key;",
    "  }",
    "}",
    "",
    "export function fetchUser(store: Store): string {",
    "  return store.get('user');",
    "}",
    "",
  ].join("\n"),
  "test/store.test.ts": ['import { fetchUser, Store } from "../src/store";', "", "fetchUser(new Store());", "missing();", ""].join("\n"),
};

async function indexed(): Promise<Database.Database> {
  const location = indexLocation(tempTree(PROJECT));
  await updateIndex(location);
  return new Database(location.dbPath, { readonly: true });
}

describe("impact's named queries", () => {
  it("find the symbols around a line range, outermost first, with their signatures", async () => {
    const db = await indexed();
    expect(symbolsOverlapping(db, "src/store.ts", 3, 3).map((symbol) => symbol.qualified_name)).toEqual(["Store", "Store.get"]);
    expect(symbolsOverlapping(db, "src/store.ts", 6, 6)).toEqual([]);
    // An empty range (lines removed between 5 and 6) overlaps only a symbol spanning both.
    expect(symbolsOverlapping(db, "src/store.ts", 6, 5)).toEqual([]);
    expect(symbolsOverlapping(db, "src/store.ts", 3, 2).map((symbol) => symbol.qualified_name)).toEqual(["Store", "Store.get"]);
    const all = symbolsOfFile(db, "src/store.ts");
    expect(all.map((symbol) => [symbol.qualified_name, symbol.line, symbol.end_line])).toEqual([
      ["Store", 1, 5],
      ["Store.get", 2, 4],
      ["fetchUser", 7, 9],
    ]);
    expect(all[2]!.signature).toContain("fetchUser(store: Store)");
    db.close();
  });

  it("walk callers (symbols and top-level code), undecided calls by name, and importers", async () => {
    const db = await indexed();
    const [, get, fetchUser] = symbolsOfFile(db, "src/store.ts");
    expect(callersOfSymbol(db, get!.id).map((site) => [site.file, site.line, site.caller?.qualified_name])).toEqual([["src/store.ts", 8, "fetchUser"]]);
    expect(callersOfSymbol(db, fetchUser!.id)).toEqual([{ target_id: fetchUser!.id, file: "test/store.test.ts", line: 3, caller: null }]);
    expect(undecidedCallsNamed(db, "missing").map((site) => [site.file, site.line, site.target_id])).toEqual([["test/store.test.ts", 4, null]]);
    expect(importersOfFile(db, "src/store.ts")).toEqual([
      { file: "test/store.test.ts", imported: "src/store.ts", name: "fetchUser", line: 1 },
      { file: "test/store.test.ts", imported: "src/store.ts", name: "Store", line: 1 },
    ]);
    db.close();
  });
});
