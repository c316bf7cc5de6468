import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedSymbolRanking, explainSymbol, resolveSymbolArgument } from "@tsift/index";
import { loadPageRank, PageRankNotLoaded, pageRankTieBreak, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

describe("the one PageRank cache", () => {
  it("search computes the symbol ranking once, keyed by the index watermark, and explain reads the same entry", async () => {
    const project = await indexedProject();
    const db = project.open();
    const cacheDir = mkdtempSync(join(tmpdir(), "tsift-rank-"));
    expect(() => pageRankTieBreak(db, cacheDir, undefined)).toThrow(PageRankNotLoaded);
    const pageRank = await loadPageRank();
    expect(pageRank).not.toBeNull();
    const tieBreak = pageRankTieBreak(db, cacheDir, pageRank)!;
    const entries = () => readdirSync(cacheDir).filter((name) => name.endsWith(".json"));
    expect(entries()).toHaveLength(1);
    // The watermark is remembered beside the entries for the next search of this index run.
    expect(readdirSync(cacheDir)).toContain("watermark.memo");
    const ranking = cachedSymbolRanking(db, { cacheDir })!;
    expect(ranking.node_count).toBeGreaterThan(0);

    // A cache hit needs no pageRank function and gives the same scores.
    const hit = pageRankTieBreak(db, cacheDir, undefined)!;
    const hits = searchSymbols(db, "user name", { limit: 5, tieBreak: hit });
    expect(searchSymbols(db, "user name", { limit: 5, tieBreak })).toEqual(hits);
    expect(hits.every((symbol) => typeof symbol.centrality === "number")).toBe(true);

    // explain ranks from the entry search wrote: no second cache file appears.
    const resolution = resolveSymbolArgument(db, "get_user_name");
    if (resolution.status !== "resolved") throw new Error(`expected get_user_name to resolve, got ${resolution.status}`);
    const explanation = explainSymbol(db, resolution.symbol, { cacheDir });
    const at = ranking.ranking.findIndex(([handle]) => handle === resolution.symbol.handle);
    expect(explanation.pagerank).toEqual(at < 0 ? null : { score: ranking.ranking[at]![1], rank: at + 1, node_count: ranking.node_count });
    expect(entries().length).toBeGreaterThanOrEqual(1);
    db.close();
  });
});
