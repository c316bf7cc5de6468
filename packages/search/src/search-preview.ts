import type { SearchHit, SymbolHit } from "./search-types";
import type { SearchData } from "./use-cases/search-request";
import { shellArg, stableHandle } from "@tsift/core/light";
import { placeFlags, sourceReadCommand, type CommandPlace } from "@tsift/index/graph-read";

/** One row of the preview's single ranked list: a symbol family or a file's collapsed hits. */
export interface RankedItem {
  handle: string;
  source: "symbol" | "hit";
  score: number;
  file: string;
  line: number;
  end_line: number;
  /** Symbols: the canonical tag family (`alpha/helper`) every spelling in the row shares. */
  tag_alias?: string;
  name?: string;
  kind?: string;
  match_type?: string;
  /** Symbols in the family, or hits in the file. */
  match_count: number;
  file_count?: number;
  confidence?: string;
  snippet?: string;
  symbol?: string | null;
  /** Other hit lines in the same file. */
  lines?: number[];
  expand: string;
}

export interface ScaleGuard {
  level: "high-hit" | "corpus-size";
  reason: string;
  signals: { hit_total: number; symbol_total: number; corpus_chunks: number; preview_items: number };
  narrow_commands: string[];
}

export type SearchPreview = Omit<SearchData, "symbols" | "hits"> & { ranked: RankedItem[]; ranked_total: number; scale_guard?: ScaleGuard };

const TEST_PATH = /(^|\/)(tests?|__tests__|spec)(\/|$)|[._-](test|spec)\.[a-z]+$/i;
/** Broad-query thresholds: more matching hits than a preview can represent, or a very large corpus. */
const HIGH_HIT = 100;

/**
 * The preview report: symbols grouped into tag families (`sfam-*`: one row per
 * canonical tag alias with match and file counts) and text hits collapsed per file
 * (`shit-*`: the best hit, its count and other lines), merged into one `ranked` list.
 * Symbol spans rank above lexical file hits; test paths rank lower. A `scale_guard`
 * with concrete narrowing commands is added when the result set or the corpus is too
 * broad to fan out on safely.
 */
export function buildSearchPreview(data: SearchData, place: CommandPlace, options: { federated: boolean; corpusLimit: number }): SearchPreview {
  const ranked = [...symbolFamilies(data.symbols, place), ...collapsedHits(data.hits, place)];
  ranked.sort((a, b) => b.score - a.score || (a.source === b.source ? 0 : a.source === "symbol" ? -1 : 1) || cmp(a.file, b.file) || a.line - b.line);
  // The preview is its own one ranked list, bounded by the budget; the full merged answer would outgrow it.
  const { symbols: _symbols, hits: _hits, results: _results, ...rest } = data;
  const preview: SearchPreview = { ...rest, ranked, ranked_total: ranked.length };
  const guard = scaleGuard(data, ranked.length, place, options);
  if (guard) preview.scale_guard = guard;
  return preview;
}

function symbolFamilies(symbols: readonly SymbolHit[], place: CommandPlace): RankedItem[] {
  const families = new Map<string, SymbolHit[]>();
  for (const symbol of symbols) {
    const alias = symbol.tags.length > 0 ? symbol.tags.join("/") : symbol.name.toLowerCase();
    const list = families.get(alias);
    if (list) list.push(symbol);
    else families.set(alias, [symbol]);
  }
  return [...families.entries()].map(([alias, members]) => {
    const lead = members[0]!;
    const files = new Set(members.map((member) => member.file));
    return {
      handle: stableHandle("sfam", [place.scope ?? "", alias].join("\0")),
      source: "symbol" as const,
      score: round(lead.score + (lead.match_type === "exact_name" ? 0.25 : 0) - (TEST_PATH.test(lead.file) ? 0.2 : 0)),
      file: lead.file,
      line: lead.line,
      end_line: lead.end_line,
      tag_alias: alias,
      name: lead.name,
      kind: lead.kind,
      match_type: lead.match_type,
      match_count: members.length,
      file_count: files.size,
      expand: members.length === 1 ? sourceReadCommand(lead.file, lead.line, lead.end_line, place) : `tsift symbols ${shellArg(lead.name)}${placeFlags(place)}`,
    };
  });
}

function collapsedHits(hits: readonly SearchHit[], place: CommandPlace): RankedItem[] {
  const top = Math.max(...hits.map((hit) => hit.score), 0);
  const byFile = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const list = byFile.get(hit.path);
    if (list) list.push(hit);
    else byFile.set(hit.path, [hit]);
  }
  return [...byFile.values()].map((group) => {
    const best = group[0]!;
    const count = group.reduce((sum, hit) => sum + ((hit as { match_count?: number }).match_count ?? 1), 0);
    const lines = [...new Set(group.flatMap((hit) => (hit as { lines?: number[] }).lines ?? [hit.line]))]
      .filter((line) => line !== best.line)
      .sort((a, b) => a - b);
    return {
      handle: stableHandle("shit", [place.scope ?? "", best.path, best.start_line].join("\0")),
      source: "hit" as const,
      // Lexical file hits weigh below symbol spans (at most 0.9 against a symbol's 1.25).
      score: round(0.9 * (top > 0 ? best.score / top : 0) - (TEST_PATH.test(best.path) ? 0.2 : 0)),
      file: best.path,
      line: best.line,
      end_line: best.end_line,
      confidence: best.confidence,
      snippet: best.snippet,
      symbol: best.symbol,
      match_count: count,
      ...(lines.length > 0 ? { lines: lines.slice(0, 8) } : {}),
      expand: sourceReadCommand(best.path, best.start_line, best.end_line, place),
    };
  });
}

function scaleGuard(data: SearchData, rankedItems: number, place: CommandPlace, options: { federated: boolean; corpusLimit: number }): ScaleGuard | null {
  const highHit = data.hit_total > HIGH_HIT;
  const largeCorpus = data.indexed_artifacts > options.corpusLimit && data.query.split(/\s+/).length <= 1;
  if (!highHit && !largeCorpus) return null;
  const query = shellArg(data.query);
  const base = `tsift search ${query}${place.pathArg !== "." ? ` --path ${place.pathArg}` : ""}`;
  const narrow: string[] = [];
  const dirs = countBy(data.hits.map((hit) => hit.path.split("/").slice(0, -1).join("/")).filter(Boolean));
  const topDir = dirs[0];
  if (topDir && data.filters.path === null)
    narrow.push(`tsift search ${query} --path ${shellArg(place.pathArg === "." ? topDir : `${place.pathArg}/${topDir}`)}`);
  const langs = countBy(data.hits.map((hit) => hit.language ?? "").filter(Boolean));
  if (langs[0] && data.filters.lang.length === 0 && langs.length > 1) narrow.push(`${base} --lang ${langs[0]}`);
  const kinds = countBy(data.symbols.map((symbol) => symbol.kind));
  if (kinds[0] && data.filters.kind.length === 0) narrow.push(`${base} --kind ${kinds[0]}`);
  if (data.strategy !== "exact" && !/\s/.test(data.query)) narrow.push(`${base} --exact`);
  if (options.federated) narrow.push(`${base} --scope <scope>`);
  return {
    level: highHit ? "high-hit" : "corpus-size",
    reason: highHit
      ? `${data.hit_total} matches for a preview of ${rankedItems} rows: narrow before fanning out`
      : `${data.indexed_artifacts} chunks searched for a one-word query: narrow before fanning out`,
    signals: { hit_total: data.hit_total, symbol_total: data.symbol_total, corpus_chunks: data.indexed_artifacts, preview_items: rankedItems },
    narrow_commands: narrow,
  };
}

/** Values by descending count, ties in code-unit order. */
function countBy(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0])).map(([value]) => value);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
