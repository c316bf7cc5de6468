import type { SourceWindowReport, SymbolRef } from "@tsift/index/indexer";
import { abbreviateKind, compactHeader } from "../output/compact-labels";
import { previewSection } from "@tsift/digest/budget";
import { defineOutput } from "../output/output-spec";
import { sourceReadCommand, symbolIdentity, type CommandPlace } from "@tsift/index/graph-read";

export type { SymbolRef };

/** `tsift source-read` data (`readSourceWindow`). */
export type SourceReadData = SourceWindowReport;

const qualified = (symbol: SymbolRef) => (symbol.parent ? `${symbol.parent}.${symbol.name}` : symbol.name);
const range = (symbol: SymbolRef) => (symbol.end_line > symbol.line ? `${symbol.line}-${symbol.end_line}` : `${symbol.line}`);
const expansionList = (data: SourceReadData) =>
  (["after", "before", "full"] as const).flatMap((name) => (data.expansions[name] ? [{ name, command: data.expansions[name] }] : []));

/** `tsift source-read` output; `place` and `scope` spell symbol expansions like the window's own. */
export const sourceReadOutput = (place: CommandPlace) =>
  defineOutput<SourceReadData>({
    tool: "source-read",
    text: (data) => {
      const width = String(Math.max(data.end, 1)).length;
      const lines = [
        `${data.file}:${data.start}-${data.end} of ${data.total_lines} lines (${data.handle})`,
        ...data.rows.map((row) => `${String(row.line).padStart(width)}  ${row.text}`),
      ];
      if (data.symbols.length) {
        lines.push("symbols:", ...data.symbols.map((symbol) => `  ${symbol.handle}  ${symbol.kind} ${qualified(symbol)} ${range(symbol)}`));
        if (data.symbols_total > data.symbols.length) lines.push(`  (+${data.symbols_total - data.symbols.length} more)`);
      }
      for (const warning of data.warnings) lines.push(`warning: ${warning}`);
      for (const { name, command } of expansionList(data)) lines.push(`${name}: ${command}`);
      return lines.join("\n");
    },
    compact: (data) =>
      [
        `${data.file}:${data.start}-${data.end}/${data.total_lines} ${data.handle}`,
        ...data.rows.map((row) => `${row.line}|${row.text}`),
        ...(data.symbols.length
          ? [
              `${compactHeader("symbols", data.symbols.length, data.symbols_total)} ${data.symbols.map((symbol) => `${qualified(symbol)}(${abbreviateKind(symbol.kind)})${range(symbol)}`).join(" ")}`,
            ]
          : []),
      ].join("\n"),
    tables: [
      { columns: ["line", "text"], rows: (data) => data.rows.map((row) => [row.line, row.text]) },
      {
        columns: ["handle", "kind", "name", "parent", "line", "end_line"],
        rows: (data) => data.symbols.map((symbol) => [symbol.handle, symbol.kind, symbol.name, symbol.parent, symbol.line, symbol.end_line]),
        more: (data) => data.symbols_total - data.symbols.length,
      },
    ],
    envelope: {
      view: "window",
      summary: (data) =>
        `${data.file}:${data.start}-${data.end} of ${data.total_lines} lines, ${data.symbols_total} symbol${data.symbols_total === 1 ? "" : "s"}`,
      metrics: (data) => [
        { label: "lines", value: data.rows.length },
        { label: "total_lines", value: data.total_lines },
        { label: "symbols", value: data.symbols_total },
      ],
      followUp: (data) => [
        ...expansionList(data).map((entry) => entry.command),
        ...data.symbols.map((symbol) => symbol.expand),
        ...data.symbols.flatMap((symbol) => (symbol.explain ? [symbol.explain] : [])),
      ],
    },
    preview: {
      sections: [
        previewSection<SourceReadData, { line: number; text: string }>({
          key: "rows",
          prefix: "srow",
          cap: false,
          handles: false,
          truncate: ["text"],
          identity: () => "",
          expand: () => "",
        }),
        previewSection<SourceReadData, SymbolRef>({
          key: "symbols",
          prefix: "ssym",
          identity: (symbol) => symbolIdentity(symbol, place.scope),
          expand: (symbol) => sourceReadCommand(symbol.file, symbol.line, symbol.end_line, place),
          total: (data) => data.symbols_total,
        }),
      ],
    },
  });
