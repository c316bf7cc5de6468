import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { MIN_PACK_BUDGET, pack, PACK_FORMATS, PACK_TOKENIZER } from "../src/index";
import { packProject, PACK_PROJECT, referenceTokens } from "./pack-fixture";

describe("pack", () => {
  it("never exceeds the budget, counted exactly by the tokenizer, in every format", async () => {
    const root = packProject();
    for (const format of PACK_FORMATS) {
      for (const budget of [MIN_PACK_BUDGET, 300, 420, 700, 4096]) {
        for (const tokenMap of [false, true]) {
          const { data } = await pack({ cwd: root, budget, format, tokenMap });
          expect(data.tokenizer).toBe(PACK_TOKENIZER);
          expect(data.tokens).toBe(referenceTokens(data.text));
          expect(data.tokens).toBeLessThanOrEqual(budget);
          if (format === "json") expect(() => JSON.parse(data.text)).not.toThrow();
          if (format === "xml") expect(data.text).toMatch(/^<repo_map [^]*<\/repo_map>\n$/);
        }
      }
    }
  });

  it("fills the budget closely: a second pass against the exact count takes what the estimate's reserve left", async () => {
    const root = packProject();
    for (const format of PACK_FORMATS) {
      for (const budget of [MIN_PACK_BUDGET, 300]) {
        const { data } = await pack({ cwd: root, budget, format });
        expect(data.left_out.symbols).toBeGreaterThan(0);
        // One more symbol costs 10-35 tokens here; the first pass alone left 40 or more unused.
        expect(budget - data.tokens).toBeLessThan(40);
      }
    }
  });

  it("a larger budget holds more, and the whole project once it is large enough", async () => {
    const root = packProject();
    const small = await pack({ cwd: root, budget: 300 });
    const large = await pack({ cwd: root, budget: 4096 });
    const count = (files: typeof small.data.files) => files.reduce((sum, file) => sum + file.symbols.length, 0);
    expect(count(small.data.files)).toBeLessThan(count(large.data.files));
    expect(small.data.left_out.symbols).toBeGreaterThan(0);
    expect(large.data.left_out).toEqual({ files: 0, symbols: 0, top_files: [] });
    expect(large.data.files.map((file) => file.path).sort()).toEqual(Object.keys(PACK_PROJECT).sort());
  });

  it("ranks by PageRank: the most-called definition's file first, the uncalled one last", async () => {
    const root = packProject();
    const { data } = await pack({ cwd: root, budget: 4096 });
    const paths = data.files.map((file) => file.path);
    expect(paths[0]).toBe("src/store.ts");
    expect(paths.indexOf("src/format.ts")).toBeLessThan(paths.indexOf("src/services/billing.ts"));
    expect(paths.at(-1)).toBe("src/legacy.ts");
    const store = data.files[0]!;
    expect(store.symbols.map((symbol) => symbol.name)).toEqual(["StoredRecord", "readRecord", "lookup"]);
    const score = (name: string) => data.files.flatMap((file) => file.symbols).find((symbol) => symbol.name === name)!.score;
    expect(score("readRecord")).toBeGreaterThan(score("formatRecord"));
    expect(score("formatRecord")).toBeGreaterThan(score("unusedLegacyHelper"));
    expect(data.text.indexOf("## src/store.ts")).toBeLessThan(data.text.indexOf("## src/format.ts"));
    expect(data.text).toContain("6: export function readRecord(id: string): StoredRecord\n");
    expect(data.text).toContain("10:   run(id: string): string\n");
  });

  it("with a small budget keeps the best-ranked symbols and names what it left out", async () => {
    const root = packProject();
    const { data } = await pack({ cwd: root, budget: MIN_PACK_BUDGET });
    expect(data.files[0]?.path).toBe("src/store.ts");
    expect(data.text).toContain("readRecord");
    expect(data.text).not.toContain("unusedLegacyHelper");
    expect(data.left_out.top_files.length).toBeGreaterThan(0);
    expect(data.text).toContain(`Left out: ${data.left_out.files} files and ${data.left_out.symbols} symbols over the budget`);
  });

  it("plan puts the public API first; debug and review do not discount private symbols", async () => {
    // Long parameter lists (signatures are cut at 240 characters), so the smallest budget holds only some of the four symbols.
    const params = Array.from({ length: 12 }, (_, i) => `parameterNumber${i}: string`).join(", ");
    const root = packProject({
      "src/store.ts": `export function readRecord(${params}): string {\n  return lookup(parameterNumber0);\n}\n\nfunction lookup(${params}): string {\n  return "";\n}\n`,
      "src/format.ts": `import { readRecord } from "./store";\n\nexport function formatRecord(${params}): string {\n  return readRecord(parameterNumber0);\n}\n\nexport function renderRecord(${params}): string {\n  return formatRecord(parameterNumber0);\n}\n`,
      "src/main.ts": 'import { formatRecord, renderRecord } from "./format";\n\nformatRecord("a");\nrenderRecord("b");\n',
    });
    const names = (data: Awaited<ReturnType<typeof pack>>["data"]) => data.files.flatMap((file) => file.symbols.map((symbol) => symbol.name)).sort();
    const plan = await pack({ cwd: root, budget: MIN_PACK_BUDGET, profile: "plan" });
    const debug = await pack({ cwd: root, budget: MIN_PACK_BUDGET, profile: "debug" });
    expect(plan.data.left_out.symbols).toBeGreaterThan(0);
    expect(names(plan.data)).not.toContain("lookup");
    expect(names(debug.data)).toContain("lookup");
    // The same PageRank under both: only the order of taking differs.
    const score = (data: typeof plan.data, name: string) => data.files.flatMap((file) => file.symbols).find((symbol) => symbol.name === name)!.score;
    expect(score(plan.data, "readRecord")).toBe(score(debug.data, "readRecord"));
  });

  it("review shows the first lines of each symbol's body", async () => {
    const root = packProject();
    const { data } = await pack({ cwd: root, budget: 4096, profile: "review" });
    const readRecord = data.files[0]!.symbols.find((symbol) => symbol.name === "readRecord")!;
    expect(readRecord.body).toEqual(["  return { id, body: lookup(id) };"]);
    expect(data.text).toContain("6: export function readRecord(id: string): StoredRecord\n7:   return { id, body: lookup(id) };\n");
  });

  it("is deterministic: the same tree gives the same bytes, also after a rebuild of the index", async () => {
    const root = packProject();
    const first = await pack({ cwd: root, budget: 700, tokenMap: true });
    const second = await pack({ cwd: root, budget: 700, tokenMap: true });
    expect(second.data).toEqual(first.data);
    const other = packProject();
    const elsewhere = await pack({ cwd: other, budget: 700, tokenMap: true });
    expect(elsewhere.data.text.replace(/tsift-pack-\w+/g, "ROOT")).toBe(first.data.text.replace(/tsift-pack-\w+/g, "ROOT"));
  });

  it("the token map counts each file's part of the pack and the whole file", async () => {
    const root = packProject();
    const { data } = await pack({ cwd: root, budget: 4096, tokenMap: true });
    const store = data.token_map!.find((row) => row.path === "src/store.ts")!;
    expect(store.raw_tokens).toBe(referenceTokens(PACK_PROJECT["src/store.ts"]!));
    expect(store.pack_tokens).toBeGreaterThan(0);
    expect(store.symbols).toBe(3);
    expect(data.token_map!.map((row) => row.path)).toEqual(data.files.map((file) => file.path));
    expect(data.text).toContain(`| src/store.ts | ${store.pack_tokens} | ${store.raw_tokens} | 3 |`);
  });

  it("refuses a budget below the minimum and --changed with --since, as usage errors", async () => {
    const root = packProject();
    await expect(pack({ cwd: root, budget: MIN_PACK_BUDGET - 1 })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
    await expect(pack({ cwd: root, budget: 1000.5 })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
    await expect(pack({ cwd: root, changed: true, since: "main" })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
  });
});
