import type Database from "better-sqlite3";
import { TsiftError } from "@tsift/core";
import { readTransaction, chunkAt, chunksById, overlappingChunkIds, storedChunkVector, type ChunkRow } from "@tsift/index/indexer";
import { denseRank, embeddingText } from "./dense-index";
import { dequantize, type Encoder } from "./encoders/encoder";
import { ftsQuery } from "./fts-query";
import { toHits, type RankedChunk } from "./lexical-search";
import type { SearchHit } from "./search-types";

export interface RelatedOptions {
  encoder: Encoder;
  limit: number;
  extra?: ReadonlyMap<string, Buffer>;
  cacheFile?: string;
}

export interface RelatedResult {
  source: { path: string; start_line: number; end_line: number; symbol: string | null; language: string };
  hits: SearchHit[];
}

/**
 * `tsift related <file:line>`: code similar to the chunk holding that line, by its
 * dense vector. The source chunk and chunks overlapping it are left out; chunks in the
 * source's language come first (an alternative implementation in another language is
 * rarely what was asked for), each group by similarity.
 */
export function relatedChunks(db: Database.Database, file: string, line: number, options: RelatedOptions): RelatedResult {
  return readTransaction(db, () => {
    const source = chunkAt(db, file, line);
    if (!source) {
      throw new TsiftError("not_found", `no indexed chunk holds ${file}:${line}`, {
        details: { file, line },
        hint: "check the path (root-relative) and line, or run `tsift index` if the file is new",
      });
    }
    const stored = storedChunkVector(db, options.encoder.id, source.hash);
    const vector = stored ? dequantize(stored) : options.encoder.encode([embeddingText(source.names, source.text, source.file)])[0]!;
    const overlapping = new Set(overlappingChunkIds(db, source.file, source.start_line, source.end_line));
    const matches = denseRank(db, options.encoder.id, vector, {
      limit: Math.max(options.limit * 4, 40),
      exclude: overlapping,
      ...(options.extra ? { extra: options.extra } : {}),
      ...(options.cacheFile !== undefined ? { cacheFile: options.cacheFile } : {}),
    });
    const ordered = [...matches.filter((match) => match.language === source.language), ...matches.filter((match) => match.language !== source.language)].slice(
      0,
      options.limit,
    );
    const chunks = chunksById(
      db,
      ordered.map((match) => match.id),
    );
    const query = ftsQuery(source.names || (source.symbol ?? ""));
    const ranked: RankedChunk[] = ordered.flatMap((match) => {
      const chunk = chunks.get(match.id);
      return chunk ? [{ chunk, score: match.score, coverage: match.score >= 0.6 ? 1 : match.score >= 0.35 ? 0.5 : 0 }] : [];
    });
    return { source: describe(source), hits: toHits(db, ranked, query, "dense") };
  });
}

function describe(chunk: ChunkRow): RelatedResult["source"] {
  return { path: chunk.file, start_line: chunk.start_line, end_line: chunk.end_line, symbol: chunk.symbol, language: chunk.language };
}
