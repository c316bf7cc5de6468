import { describe, expect, it } from "vitest";
import { INDEX_MIGRATIONS } from "../src/store/index-schema";
import { indexLocation, updateIndex } from "../src/index";
import { exec, query } from "./db-helpers";
import { tempTree, writeTree } from "./helpers";

/** Every index the schema creates, by name, with the statement that creates it. */
const SCHEMA_INDEXES = new Map(
  INDEX_MIGRATIONS.flat()
    .map((statement) => /^CREATE INDEX IF NOT EXISTS (\w+)/.exec(statement))
    .filter((match) => match !== null)
    // sqlite_master keeps the statement without its IF NOT EXISTS.
    .map((match) => [match[1]!, match.input.replace("IF NOT EXISTS ", "")]),
);

const indexesOf = (dbPath: string) =>
  new Map(
    query<{ name: string; sql: string }>(dbPath, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").map((row) => [
      row.name,
      row.sql,
    ]),
  );

const tree = () =>
  tempTree(
    Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `m${i}.ts`,
        `import { f${(i + 1) % 8} } from "./m${(i + 1) % 8}";\nexport function f${i}() { return f${(i + 1) % 8}(); }\n`,
      ]),
    ),
  );

describe("cold runs build their secondary indexes once, at the end", () => {
  it("a first index and a rebuild end with every index of the schema, as the schema writes it", async () => {
    const location = indexLocation(tree());
    await updateIndex(location);
    expect(indexesOf(location.dbPath)).toEqual(SCHEMA_INDEXES);
    await updateIndex(location, { rebuild: true });
    expect(indexesOf(location.dbPath)).toEqual(SCHEMA_INDEXES);
    // The planner still finds them: a lookup by name is an index search, not a scan.
    const plan = query<{ detail: string }>(location.dbPath, "EXPLAIN QUERY PLAN SELECT id FROM symbols WHERE name = 'f1'");
    expect(plan.map((row) => row.detail).join(" ")).toMatch(/USING (COVERING )?INDEX idx_symbols_name/);
  });

  it("a cold run that fails keeps the indexes it dropped", async () => {
    const root = tree();
    const location = indexLocation(root);
    await updateIndex(location);
    exec(
      location.dbPath,
      "CREATE TRIGGER inject_failure BEFORE INSERT ON symbols WHEN NEW.name = 'explode' BEGIN SELECT RAISE(ABORT, 'injected failure'); END;",
    );
    writeTree(root, { "z.ts": "export function explode() {}\n" });
    await expect(updateIndex(location, { rebuild: true })).rejects.toThrow(/injected failure/);
    expect(indexesOf(location.dbPath)).toEqual(SCHEMA_INDEXES);
  });

  it("an incremental run leaves the indexes in place", async () => {
    const root = tree();
    const location = indexLocation(root);
    await updateIndex(location);
    const before = query<{ name: string; rootpage: number }>(location.dbPath, "SELECT name, rootpage FROM sqlite_master WHERE type = 'index' ORDER BY name");
    writeTree(root, { "extra.ts": "export function extra() {}\n" });
    await updateIndex(location);
    expect(query(location.dbPath, "SELECT name, rootpage FROM sqlite_master WHERE type = 'index' ORDER BY name")).toEqual(before);
  });
});
