import type { SymbolKind } from "../extraction-types";

/**
 * How a chunk was cut: `symbol` (one declaration with the comments above it),
 * `group` (small neighbouring declarations packed to the target size), `gap`
 * (top-level code between declarations), `lines` (an overlapping line window: no
 * usable syntax, or a declaration too long for one chunk).
 */
export type ChunkOrigin = "symbol" | "group" | "gap" | "lines";

/**
 * A retrievable unit of a source file, the row search ranks. Lines are 1-based and
 * inclusive, like every line in tsift.
 */
export interface SourceChunk {
  start_line: number;
  end_line: number;
  origin: ChunkOrigin;
  /** Qualified name of the declaration the chunk is about (the first outermost one), or null. */
  symbol: string | null;
  symbol_kind: SymbolKind | null;
  /** Qualified names declared in the chunk, plus the declaration enclosing it; search weights these above body text. */
  names: string[];
  text: string;
  /** Doc comments of the declarations in the chunk (first sentences, one a line), when any has one. */
  doc?: string;
}

export interface ChunkOptions {
  /** Small neighbouring declarations are packed together up to this many lines. Default 40. */
  targetLines?: number;
  /** A declaration longer than this is cut into its members, or into line windows. Default 80. */
  maxLines?: number;
  /** Line-window size where there is no usable syntax. Default 50. */
  windowLines?: number;
  /** Lines shared by consecutive windows. Default 5. */
  overlapLines?: number;
}

export const DEFAULT_CHUNK_OPTIONS: Required<ChunkOptions> = { targetLines: 40, maxLines: 80, windowLines: 50, overlapLines: 5 };
