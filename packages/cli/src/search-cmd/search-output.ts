import type { AnswerItem, SearchHit, SymbolHit } from "@tsift/search";
import { abbreviateKind } from "../output/compact-labels";
import { previewSection } from "@tsift/digest/budget";
import { docSuffix } from "../output/doc-label";
import { defineOutput } from "../output/output-spec";
import type { CommandPlace } from "@tsift/index/graph-read";
import type { RankedItem, SearchPreview } from "@tsift/search";
import type { SearchData } from "@tsift/search";

export type SearchReport = SearchData | SearchPreview;

const isPreview = (data: SearchReport): data is SearchPreview => "ranked" in data;
const span = (file: string, line: number, end: number) => `${file}:${line}${end > line ? `-${end}` : ""}`;
const MATCH_ABBREVIATIONS: Record<string, string> = { exact_name: "exact", partial_tags: "partial", all_tags: "all_tags" };

/** Repeated hits in one file print once, best first, with the other lines and a count. */
function groupHits(hits: readonly SearchHit[]): { hit: SearchHit; count: number; lines: number[] }[] {
  const groups = new Map<string, { hit: SearchHit; count: number; lines: number[] }>();
  for (const hit of hits) {
    const extra = hit as SearchHit & { match_count?: number; lines?: number[] };
    const group = groups.get(hit.path);
    const lines = extra.lines ?? [hit.line];
    if (group) {
      group.count += extra.match_count ?? 1;
      group.lines.push(...lines);
    } else groups.set(hit.path, { hit, count: extra.match_count ?? 1, lines: [...lines] });
  }
  return [...groups.values()].map((group) => ({ ...group, lines: [...new Set(group.lines)].filter((line) => line !== group.hit.line).sort((a, b) => a - b) }));
}

function symbolLine(symbol: SymbolHit): string {
  return `  ${span(symbol.file, symbol.line, symbol.end_line)}  ${symbol.kind}  ${symbol.parent ? `${symbol.parent}.` : ""}${symbol.name}  [${symbol.match_type} ${symbol.score.toFixed(4)}]${docSuffix(symbol.doc)}`;
}

/** A prose query's one ranked list: each declaration or stretch of code with its best line. */
function resultsText(data: SearchData, results: readonly AnswerItem[]): string {
  const out = [`results (${results.length}, ${data.strategy}; symbols and hits ranked together):`];
  if (results.length === 0) out.push("  no matches");
  for (const item of results) {
    const label = item.symbol ? `  ${item.kind ?? "in"} ${item.symbol}` : "";
    out.push(
      `  ${span(item.path, item.line, item.line)}  ${item.confidence} ${item.score.toFixed(4)}${label}${item.why ? `  [${item.why}]` : ""}${docSuffix(item.doc)}`,
    );
    for (const line of item.snippet.split("\n").slice(0, 2)) if (line) out.push(`      ${line}`);
  }
  return out.join("\n");
}

function fullText(data: SearchData): string {
  if (data.results) return resultsText(data, data.results);
  const out: string[] = [];
  if (data.symbols.length > 0) {
    out.push(`symbols (${data.symbols.length}${data.symbol_total > data.symbols.length ? ` of ${data.symbol_total}` : ""}):`);
    out.push(...data.symbols.map(symbolLine));
  }
  const groups = groupHits(data.hits);
  out.push(
    `hits (${data.hits.length}${data.hit_total > data.hits.length ? ` of ${data.hit_total}` : ""}, ${data.strategy}${data.backend ? ` via ${data.backend}` : ""}${data.case && data.case !== "sensitive" ? `, ${data.case === "ignore" ? "ignoring case" : "smart case"}` : ""}):`,
  );
  if (groups.length === 0) out.push(data.case === "sensitive" ? "  no matches (case-sensitive: -i ignores case)" : "  no matches");
  for (const { hit, count, lines } of groups) {
    const more = count > 1 ? `  (${count} in file${lines.length > 0 ? `; also ${lines.slice(0, 6).join(", ")}${lines.length > 6 ? ", …" : ""}` : ""})` : "";
    out.push(`  ${span(hit.path, hit.line, hit.line)}  ${hit.confidence} ${hit.score.toFixed(4)}${hit.symbol ? `  ${hit.symbol}` : ""}${more}`);
    for (const line of hit.snippet.split("\n").slice(0, 2)) if (line) out.push(`      ${line}`);
  }
  return out.join("\n");
}

function previewText(data: SearchPreview): string {
  const out = [`${data.ranked.length} of ${data.ranked_total} ranked for "${data.query}" (${data.strategy})`];
  for (const item of data.ranked) out.push(`  ${item.handle}  ${rankedLabel(item)}`);
  if (data.scale_guard) {
    out.push(`scale guard (${data.scale_guard.level}): ${data.scale_guard.reason}`);
    for (const command of data.scale_guard.narrow_commands) out.push(`  ${command}`);
  }
  return out.join("\n");
}

function rankedLabel(item: RankedItem): string {
  if (item.source === "symbol") {
    return `${span(item.file, item.line, item.end_line)}  ${item.kind} ${item.name}${item.match_count > 1 ? ` (+${item.match_count - 1} in family ${item.tag_alias}, ${item.file_count} files)` : ""}`;
  }
  return `${item.file}:${item.line}  ${item.confidence}${item.match_count > 1 ? ` (${item.match_count} in file)` : ""}  ${(item.snippet ?? "").split("\n")[0]}`;
}

function compactText(data: SearchReport): string {
  if (isPreview(data)) return previewText(data);
  if (data.results) {
    return [
      `results[${data.results.length}]:`,
      ...data.results.map((item) => `  ${item.path}:${item.line} ${item.symbol ?? "-"} ${item.score.toFixed(2)}${item.why ? ` ${item.why}` : ""}`),
    ].join("\n");
  }
  const out = [`syms[${data.symbols.length}]:`];
  for (const symbol of data.symbols)
    out.push(
      `  ${symbol.name} (${abbreviateKind(symbol.kind)}) ${symbol.file}:${symbol.line} ${MATCH_ABBREVIATIONS[symbol.match_type]} ${symbol.score.toFixed(2)}`,
    );
  out.push(`hits[${data.hits.length}]:`);
  for (const { hit, count } of groupHits(data.hits)) {
    const snippet = (hit.snippet.split("\n")[0] ?? "").slice(0, 100);
    out.push(`  ${hit.path}:${hit.line}${count > 1 ? ` x${count}` : ""} ${hit.score.toFixed(2)} ${snippet}`);
  }
  return out.join("\n");
}

/** `tsift search` output; `place` spells the project and scope in `expand` commands. */
export const searchOutput = (_place: CommandPlace, preview: boolean) =>
  defineOutput<SearchReport>({
    tool: "search",
    text: (data) => (isPreview(data) ? previewText(data) : fullText(data)),
    compact: compactText,
    tables: [
      {
        columns: ["match_type", "kind", "name", "file", "line", "score"],
        rows: (data) =>
          isPreview(data) ? [] : data.symbols.map((symbol) => [symbol.match_type, symbol.kind, symbol.name, symbol.file, symbol.line, symbol.score]),
      },
      {
        columns: ["rank", "path", "line", "confidence", "score"],
        rows: (data) =>
          isPreview(data)
            ? data.ranked.map((item, index) => [index + 1, item.file, item.line, item.confidence ?? item.match_type, item.score])
            : data.hits.map((hit) => [hit.rank, hit.path, hit.line, hit.confidence, hit.score]),
        more: (data) => (isPreview(data) ? data.ranked_total - data.ranked.length : Math.max(0, data.hit_total - data.hits.length)),
      },
    ],
    envelope: {
      view: "report",
      summary: (data) =>
        isPreview(data)
          ? `${data.ranked.length} ranked of ${data.symbol_total} symbols and ${data.hit_total} hits for "${data.query}" (${data.strategy})${data.scale_guard ? `; scale guard: ${data.scale_guard.level}` : ""}`
          : `${data.symbols.length} symbols, ${data.hits.length} of ${data.hit_total} hits for "${data.query}" (${data.strategy})`,
      metrics: (data) => [
        { label: "strategy", value: data.strategy },
        { label: "symbols", value: data.symbol_total },
        { label: "hits", value: data.hit_total },
        { label: "indexed", value: data.indexed_artifacts },
      ],
      // Narrowing commands come before item expansions: they are what to run first on a broad result.
      followUp: (data) => (isPreview(data) ? [...(data.scale_guard?.narrow_commands ?? []), ...data.ranked.map((item) => item.expand)] : []),
    },
    ...(preview
      ? {
          preview: {
            sections: [
              // Handles and expand commands are set per row by buildSearchPreview (two prefixes in one list).
              previewSection<SearchReport, RankedItem>({
                key: "ranked",
                prefix: "srnk",
                identity: (item) => item.handle,
                expand: (item) => item.expand,
                truncate: ["snippet"],
                handles: false,
                total: (data) => (isPreview(data) ? data.ranked_total : 0),
              }),
            ],
          },
        }
      : {}),
  });
