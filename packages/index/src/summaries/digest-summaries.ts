import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import type { SummaryState } from "./read-summaries";
import { hasSummaries, openSummariesReader, summariesLocation, summaryRowsOf, SUMMARIZE_EXTRACT_COMMAND, type SummaryRow } from "./summaries-store";
import { sha256 } from "./symbol-sources";

/** A file a digest points at, and which of its symbols matter most. */
export interface SummaryTarget {
  /** Relative to the project root, `/`-separated (the summary cache's key). */
  file: string;
  /**
   * sha256 of the compared snapshot's text (a diff's new side); omitted: the file as it is
   * on disk now. Null: the snapshot has no text (deleted), so nothing of it is current.
   */
  contentHash?: string | null;
  /** Qualified names shown first when they have current summaries (a touched or failing symbol). */
  symbols?: readonly string[];
}

export interface DigestSummarySnippet {
  file: string;
  symbol: string;
  kind: string;
  summary: string;
}

/**
 * What a digest adds from `.tsift/summaries.db`: up to `limit` current snippets of the files
 * it points at, and otherwise why there are none — `stale` (summarized, then edited),
 * `missing` (never summarized) or `unavailable` (no cache, or it cannot be read).
 */
export interface DigestSummaries {
  state: SummaryState;
  /** Whether the project has a summary cache at all (false: never summarized). */
  cached: boolean;
  snippets: DigestSummarySnippet[];
  /** The targeted files by state (a file with no rows is missing). */
  files: { current: number; stale: number; missing: number };
  /** Present when the cache is absent or unreadable. */
  note?: string;
  /** The command that would make the summaries current; absent when they are. */
  next?: string;
}

/** Most files a digest looks up, so an enormous log cannot turn into thousands of reads. */
export const MAX_SUMMARY_TARGETS = 50;

/**
 * Summaries for the files a digest names, read-only: a file's rows count as current when
 * they were extracted from exactly the compared content (the file hash matches), so a diff
 * against an old revision never shows summaries of newer code. Never creates, locks or
 * writes the cache, and never throws for a missing or damaged one.
 */
export function digestSummaries(projectRoot: string, targets: readonly SummaryTarget[], options: { limit?: number } = {}): DigestSummaries {
  const limit = options.limit ?? 2;
  const empty = { current: 0, stale: 0, missing: 0 };
  if (!hasSummaries(projectRoot))
    return { state: "unavailable", cached: false, snippets: [], files: empty, note: "no summary cache", next: SUMMARIZE_EXTRACT_COMMAND };
  let connection;
  try {
    connection = openSummariesReader(summariesLocation(projectRoot));
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { state: "unavailable", cached: true, snippets: [], files: empty, note: error.message, next: error.hint ?? SUMMARIZE_EXTRACT_COMMAND };
  }
  try {
    const files = { ...empty };
    const current: { target: SummaryTarget; rows: SummaryRow[] }[] = [];
    for (const target of mergeTargets(targets)) {
      const rows = summaryRowsOf(connection.database, target.file);
      if (rows.length === 0) {
        files.missing += 1;
        continue;
      }
      const hash = target.contentHash === undefined ? diskHash(projectRoot, target.file) : target.contentHash;
      const matching = hash === null ? [] : rows.filter((row) => row.file_hash === hash);
      if (matching.length === 0) files.stale += 1;
      else {
        files.current += 1;
        current.push({ target, rows: matching });
      }
    }
    const snippets = pickSnippets(current, limit);
    const state: SummaryState = snippets.length > 0 ? "current" : files.stale > 0 ? "stale" : "missing";
    return { state, cached: true, snippets, files, ...(state === "current" ? {} : { next: SUMMARIZE_EXTRACT_COMMAND }) };
  } finally {
    void connection.close();
  }
}

/** One target per file (symbols merged in order), at most `MAX_SUMMARY_TARGETS`. */
function mergeTargets(targets: readonly SummaryTarget[]): SummaryTarget[] {
  const byFile = new Map<string, SummaryTarget>();
  for (const target of targets) {
    const known = byFile.get(target.file);
    if (known) {
      byFile.set(target.file, { ...known, symbols: [...(known.symbols ?? []), ...(target.symbols ?? [])] });
    } else if (byFile.size < MAX_SUMMARY_TARGETS) byFile.set(target.file, target);
  }
  return [...byFile.values()];
}

function diskHash(projectRoot: string, file: string): string | null {
  try {
    return sha256(readFileSync(join(projectRoot, file), "utf8"));
  } catch {
    return null;
  }
}

/**
 * The named symbols' summaries first (in the order the digest named them, across files),
 * then each file's others in line order; one snippet per symbol and kind.
 */
function pickSnippets(current: readonly { target: SummaryTarget; rows: SummaryRow[] }[], limit: number): DigestSummarySnippet[] {
  const picked: DigestSummarySnippet[] = [];
  const seen = new Set<string>();
  const take = (row: SummaryRow) => {
    const key = `${row.file_path}\0${row.symbol_name}\0${row.kind}`;
    if (seen.has(key) || picked.length >= limit) return;
    seen.add(key);
    picked.push({ file: row.file_path, symbol: row.symbol_name, kind: row.kind, summary: row.summary });
  };
  for (const { target, rows } of current) for (const symbol of target.symbols ?? []) rows.filter((row) => row.symbol_name === symbol).forEach(take);
  for (const { rows } of current) rows.forEach(take);
  return picked;
}
