import { describe, expect, it } from "vitest";
import { displayPaths } from "./display-paths";
import { toColumns } from "./schema-columns";
import { renderTables } from "./tabular";
import { terseKeys, terseSchema } from "./terse";

describe("terse keys", () => {
  it("renames known keys recursively and lists only those present, in map order", () => {
    const { value, used } = terseKeys({ symbols: [{ name: "a", file: "x", custom: 1 }], total: 1 });
    expect(value).toEqual({ sy: [{ n: "a", f: "x", custom: 1 }], tot: 1 });
    expect(Object.entries(terseSchema(used))).toEqual([
      ["n", "name"],
      ["f", "file"],
      ["tot", "total"],
      ["sy", "symbols"],
    ]);
  });
});

describe("schema columns", () => {
  it("columnises arrays of 2+ same-keyed objects, recursively, and leaves the rest", () => {
    const rows = [
      { kind: "fn", line: 10, name: "main" },
      { line: 20, name: "helper", kind: "fn" },
    ];
    expect(toColumns({ symbols: rows })).toEqual({
      symbols: {
        _c: ["kind", "line", "name"],
        _r: [
          ["fn", 10, "main"],
          ["fn", 20, "helper"],
        ],
      },
    });
    expect(toColumns({ one: [{ a: 1 }], mixed: [{ a: 1 }, { b: 2 }], scalars: [1, 2], nested: { deep: [{ a: [{ x: 1 }, { x: 2 }] }, { a: null }] } })).toEqual({
      one: [{ a: 1 }],
      mixed: [{ a: 1 }, { b: 2 }],
      scalars: [1, 2],
      // Rows are values as they are: the inner array inside a row is not columnised.
      nested: { deep: { _c: ["a"], _r: [[[{ x: 1 }, { x: 2 }]], [null]] } },
    });
  });
});

describe("small helpers", () => {
  it("relativises and absolutises only path keys under the root", () => {
    const data = {
      file: "/r/src/a.ts",
      path: "/elsewhere/b.ts",
      name: "/r/not-a-path",
      nested: [{ db_path: "/r/.tsift/index.db" }],
      location: "libsql://host/db",
    };
    expect(displayPaths(data, "/r", false)).toEqual({
      file: "src/a.ts",
      path: "/elsewhere/b.ts",
      name: "/r/not-a-path",
      nested: [{ db_path: ".tsift/index.db" }],
      location: "libsql://host/db",
    });
    expect(displayPaths({ file: "src/a.ts", location: "libsql://host/db", path: "." }, "/r", true)).toEqual({
      file: "/r/src/a.ts",
      location: "libsql://host/db",
      path: "/r",
    });
  });

  it("renders TSV with escapes and more-markers", () => {
    const text = renderTables(
      [
        {
          columns: ["a", "b"],
          rows: () => [
            ["x\ty", null],
            [["p", "q"], { k: 1 }],
          ],
          more: () => 2,
        },
        { columns: ["c"], rows: () => [["line\nbreak"]], more: () => "more: --cursor z" },
      ],
      {},
    );
    expect(text).toBe('a\tb\nx\\ty\t\np,q\t{"k":1}\n# (+2 more)\n\nc\nline\\nbreak\n# (more: --cursor z)\n');
  });
});
