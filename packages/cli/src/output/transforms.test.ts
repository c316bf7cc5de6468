import { describe, expect, it } from "vitest";
import { autoPreset, resolveBudget } from "./budget";
import { displayPaths } from "./display-paths";
import { stableHandle, shellArg } from "./handles";
import { applyPreview } from "./preview";
import { toColumns } from "./schema-columns";
import { renderTables } from "./tabular";
import { terseKeys, terseSchema } from "./terse";
import { truncateBytes } from "./truncate-bytes";

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
    expect(toColumns({ symbols: rows })).toEqual({ symbols: { _c: ["kind", "line", "name"], _r: [["fn", 10, "main"], ["fn", 20, "helper"]] } });
    expect(toColumns({ one: [{ a: 1 }], mixed: [{ a: 1 }, { b: 2 }], scalars: [1, 2], nested: { deep: [{ a: [{ x: 1 }, { x: 2 }] }, { a: null }] } })).toEqual({
      one: [{ a: 1 }],
      mixed: [{ a: 1 }, { b: 2 }],
      scalars: [1, 2],
      // Rows are values as they are: the inner array inside a row is not columnised.
      nested: { deep: { _c: ["a"], _r: [[[{ x: 1 }, { x: 2 }]], [null]] } },
    });
  });
});

describe("budgets", () => {
  it("resolves presets, auto from the context-window env, and explicit caps", () => {
    expect(resolveBudget({}, {}, false)).toBeNull();
    expect(resolveBudget({ budget: "small" }, {}, false)).toEqual({ preset: "small", maxItems: 3, maxBytes: 120 });
    expect(resolveBudget({}, {}, true)).toEqual({ preset: "normal", maxItems: 5, maxBytes: 160 });
    expect(resolveBudget({ budget: "deep", maxItems: 2 }, {}, false)).toEqual({ preset: "deep", maxItems: 2, maxBytes: 240 });
    expect(resolveBudget({ maxBytes: 9 }, {}, true)).toEqual({ preset: null, maxItems: null, maxBytes: 9 });
    expect(autoPreset({ CLAUDE_CONTEXT_WINDOW: "64_000" })).toBe("small");
    expect(autoPreset({ CODEX_CONTEXT_WINDOW: "200000", CLAUDE_CONTEXT_WINDOW: "1000" })).toBe("deep");
    expect(autoPreset({ TSIFT_CONTEXT_WINDOW: "128000" })).toBe("normal");
    expect(autoPreset({ TSIFT_CONTEXT_WINDOW: "lots" })).toBe("normal");
    expect(() => resolveBudget({ maxItems: 0 }, {}, false)).toThrow(/--max-items/);
  });

  it("caps sections, cuts fields and adds deterministic handles and expand commands", () => {
    const data = { items: [{ name: "alpha", note: "a long note here" }, { name: "beta", note: "b" }, { name: "gamma", note: "c" }] };
    const spec = { sections: [{ key: "items", prefix: "it", identity: (item: Record<string, unknown>) => String(item.name), expand: (item: Record<string, unknown>) => `show ${item.name}`, truncate: ["note"] }] };
    const report = applyPreview(data, spec, { preset: null, maxItems: 2, maxBytes: 8 }) as Record<string, unknown>;
    expect(report).toEqual({
      items: [
        { name: "alpha", note: "a lon…", handle: stableHandle("it", "alpha"), expand: "show alpha" },
        { name: "beta", note: "b", handle: stableHandle("it", "beta"), expand: "show beta" },
      ],
      items_total: 3,
      truncated: true,
      budget: { preset: null, max_items: 2, max_bytes: 8 },
    });
    expect(stableHandle("it", "alpha")).toMatch(/^it-[0-9a-f]{12}$/);
    expect(data.items).toHaveLength(3);
  });
});

describe("small helpers", () => {
  it("truncates by UTF-8 bytes without splitting characters", () => {
    expect(truncateBytes("short", 10)).toBe("short");
    expect(truncateBytes("héllo wörld", 8)).toBe("héll…");
    expect(Buffer.byteLength(truncateBytes("€€€€€", 7))).toBeLessThanOrEqual(7);
  });

  it("relativises and absolutises only path keys under the root", () => {
    const data = { file: "/r/src/a.ts", path: "/elsewhere/b.ts", name: "/r/not-a-path", nested: [{ db_path: "/r/.tsift/index.db" }], location: "libsql://host/db" };
    expect(displayPaths(data, "/r", false)).toEqual({ file: "src/a.ts", path: "/elsewhere/b.ts", name: "/r/not-a-path", nested: [{ db_path: ".tsift/index.db" }], location: "libsql://host/db" });
    expect(displayPaths({ file: "src/a.ts", location: "libsql://host/db", path: "." }, "/r", true)).toEqual({ file: "/r/src/a.ts", location: "libsql://host/db", path: "/r" });
  });

  it("renders TSV with escapes and more-markers", () => {
    const text = renderTables(
      [
        { columns: ["a", "b"], rows: () => [["x\ty", null], [["p", "q"], { k: 1 }]], more: () => 2 },
        { columns: ["c"], rows: () => [["line\nbreak"]], more: () => "more: --cursor z" },
      ],
      {},
    );
    expect(text).toBe('a\tb\nx\\ty\t\np,q\t{"k":1}\n# (+2 more)\n\nc\nline\\nbreak\n# (more: --cursor z)\n');
  });

  it("quotes shell arguments only when needed", () => {
    expect(shellArg("src/a-b_c.ts")).toBe("src/a-b_c.ts");
    expect(shellArg("my file's.ts")).toBe("'my file'\\''s.ts'");
  });
});
