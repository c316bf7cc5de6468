import type { SymbolRow } from "@tsift/index/indexer";
import { abbreviateKind, compactHeader } from "../output/compact-labels";
import { previewSection } from "@tsift/digest/budget";
import { docSuffix } from "../output/doc-label";
import { defineOutput } from "../output/output-spec";
import { sourceReadCommand, symbolIdentity, type CommandPlace } from "@tsift/index/graph-read";

export interface SymbolsData {
  query?: string;
  symbols: SymbolRow[];
  total: number;
  truncated: boolean;
  total_at_least?: true;
  recovery?: string;
}

const where = (symbol: SymbolRow) => `${symbol.file}:${symbol.line}${symbol.end_line > symbol.line ? `-${symbol.end_line}` : ""}`;
const qualified = (symbol: SymbolRow) => (symbol.parent ? `${symbol.parent}.${symbol.name}` : symbol.name);
const more = (data: SymbolsData) => data.total - data.symbols.length;
/** `N` or, when fuzzy matches were not looked for (`total_at_least`), `N+`. */
const totalLabel = (data: SymbolsData) => `${data.total}${data.total_at_least ? "+" : ""}`;
const moreText = (data: SymbolsData) => `+${more(data)}${data.total_at_least ? " or more" : " more"}`;
const moreLine = (data: SymbolsData) => `(${moreText(data)})`;

/** `tsift symbols` output; `place` spells the project and scope in `expand` commands. */
export const symbolsOutput = (place: CommandPlace) =>
  defineOutput<SymbolsData>({
    tool: "symbols",
    // One row per symbol: `file:line-end  kind  parent.name  signature  — doc`, then `(+N more)` when capped
    // (`(+N or more)` when fuzzy matches were not looked for).
    text: (data) => {
      if (data.symbols.length === 0) return "no symbols found";
      const lines = data.symbols.map(
        (symbol) => `${where(symbol)}  ${symbol.kind}  ${qualified(symbol)}${symbol.signature ? `  ${symbol.signature}` : ""}${docSuffix(symbol.doc)}`,
      );
      if (more(data) > 0) lines.push(moreLine(data));
      return lines.join("\n");
    },
    compact: (data) => {
      const lines = [
        compactHeader("symbols", data.symbols.length, totalLabel(data)),
        ...data.symbols.map((symbol) => `  ${qualified(symbol)} (${abbreviateKind(symbol.kind)}) ${symbol.file}:${symbol.line}`),
      ];
      if (more(data) > 0) lines.push(`  ${moreLine(data)}`);
      return lines.join("\n");
    },
    tables: [
      {
        columns: ["match", "kind", "name", "parent", "file", "line", "end_line"],
        rows: (data) => data.symbols.map((symbol) => [symbol.match, symbol.kind, symbol.name, symbol.parent, symbol.file, symbol.line, symbol.end_line]),
        more: (data) => (data.total_at_least && more(data) > 0 ? moreText(data) : more(data)),
      },
    ],
    envelope: {
      view: "list",
      summary: (data) => `${data.symbols.length} of ${totalLabel(data)} symbols${data.query !== undefined ? ` matching "${data.query}"` : ""}`,
      metrics: (data) => [
        { label: "shown", value: data.symbols.length },
        { label: "total", value: data.total },
      ],
    },
    preview: {
      sections: [
        previewSection<SymbolsData, SymbolRow>({
          key: "symbols",
          prefix: "ssym",
          identity: (symbol) => symbolIdentity(symbol, place.scope),
          expand: (symbol) => sourceReadCommand(symbol.file, symbol.line, symbol.end_line, place),
          truncate: ["signature"],
          total: (data) => data.total,
        }),
      ],
    },
  });
