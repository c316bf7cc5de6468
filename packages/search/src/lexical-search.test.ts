import { describe, expect, it } from "vitest";
import type { ChunkRow } from "@tsift/index/indexer";
import { ftsQuery } from "./fts-query";
import { rescoreChunks, type Bm25Page } from "./lexical-search";

function page(): Bm25Page {
  const chunk = (id: number, text: string): ChunkRow => ({
    id,
    file: `src/f${id}.ts`,
    language: "typescript",
    start_line: 1,
    end_line: 1,
    symbol: null,
    symbol_kind: null,
    names: "",
    hash: `h${id}`,
    text,
  });
  const chunks = [chunk(1, "retry the upload"), chunk(2, "parse the cron line"), chunk(3, "retry and parse")];
  return { rows: chunks.map((entry, index) => ({ id: entry.id, score: 3 - index })), chunks: new Map(chunks.map((entry) => [entry.id, entry])), total: 3 };
}

describe("rescoreChunks", () => {
  it("re-scores one page for another query as a fresh page would (its coverage memo is per query)", () => {
    const shared = page();
    const retry = ftsQuery("retry upload");
    const parse = ftsQuery("parse cron");
    expect(rescoreChunks(retry, shared, 3)).toEqual(rescoreChunks(retry, page(), 3));
    expect(rescoreChunks(retry, shared, 2)).toEqual(rescoreChunks(retry, page(), 2));
    const second = rescoreChunks(parse, shared, 3);
    expect(second).toEqual(rescoreChunks(parse, page(), 3));
    expect(second.map((entry) => [entry.chunk.id, entry.coverage])).toEqual([
      [2, 1],
      [1, 0],
      [3, 0.5],
    ]);
  });
});
