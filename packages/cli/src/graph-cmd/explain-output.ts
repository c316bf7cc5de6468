import type { StoredEdge, StoredSymbol, SymbolExplanation } from "@tsift/index/graph-read";
import { abbreviateKind, compactHeader } from "../output/compact-labels";
import { previewSection } from "@tsift/digest/budget";
import { defineOutput } from "../output/output-spec";
import { placeFlags, sourceReadCommand, type CommandPlace } from "@tsift/index/graph-read";
import { edgeCompact, edgeRows, edgeText, GRAPH_PATH_KEYS, hiddenEdges, type EdgeLists } from "./graph-output";

const lists = (data: SymbolExplanation): EdgeLists => ({
  callers: data.callers,
  callees: data.callees,
  callersTotal: data.callers_total,
  calleesTotal: data.callees_total,
});
const span = (symbol: StoredSymbol) => `${symbol.file}:${symbol.line}${symbol.end_line > symbol.line ? `-${symbol.end_line}` : ""}`;
const SHOWN_MEMBERS = 5;

function memberList(data: SymbolExplanation, shown: number): string {
  const community = data.community!;
  const names = community.members.slice(0, shown).map((member) => member.name);
  const more = community.members_total - names.length;
  return `${names.join(", ")}${more > 0 ? ` (+${more} more)` : ""}`;
}

/** The edge's other end, explained; or its call site read when it resolved to nothing. */
function edgeExpand(edge: StoredEdge, direction: "callers" | "callees", place: CommandPlace): string {
  const handle = direction === "callers" ? edge.caller_handle : edge.callee_handle;
  return handle
    ? `tsift explain ${handle}${placeFlags(place)}`
    : sourceReadCommand(edge.caller_file, Math.max(1, edge.call_site_line - 2), edge.call_site_line + 2, place);
}

/** The explained symbol's file's companions in git history (present only when history.db exists). */
function coChangedLine(co: NonNullable<SymbolExplanation["co_changed"]>): string {
  if (!co.files.length) return `co-changed with ${co.path}: none in ${co.commits} commits`;
  return `co-changed with ${co.path}: ${co.files.map((file) => `${file.path} (${file.count}/${co.commits})`).join(", ")}`;
}

/** Cached summaries from the symbol's file (present only when summaries.db exists). */
function summaryLines(summaries: NonNullable<SymbolExplanation["summaries"]>): string[] {
  const own = `summary: ${summaries.state}${summaries.state === "current" ? "" : " (tsift summarize --extract)"}`;
  return [own, ...summaries.snippets.map((snippet) => `  ${snippet.symbol}: ${snippet.summary}`)];
}

/** `tsift explain` output; `place` spells the project and scope in suggested commands. */
export const explainOutput = (place: CommandPlace) =>
  defineOutput<SymbolExplanation>({
    tool: "explain",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      const lines: string[] = [];
      for (const definition of data.definitions) {
        lines.push(`${data.symbol}  ${definition.kind}  ${span(definition)}  ${data.handle}`);
        if (definition.signature) lines.push(`  ${definition.signature}`);
      }
      // The doc's first sentence is stored at most 200 characters long: shown whole, it is what the symbol is for.
      if (data.doc) lines.push(`  doc: ${data.doc}`);
      const facts: string[] = [];
      if (data.complexity) facts.push(`complexity ${data.complexity.cyclomatic}, nesting ${data.complexity.max_nesting}, ${data.complexity.lines} lines`);
      if (data.pagerank) facts.push(`pagerank #${data.pagerank.rank} of ${data.pagerank.node_count} (${data.pagerank.score.toFixed(4)})`);
      if (facts.length) lines.push(`  ${facts.join("; ")}`);
      lines.push(...edgeText("callers", data.callers, data.callers_total), ...edgeText("callees", data.callees, data.callees_total));
      lines.push(
        data.community
          ? `community #${data.community.id} (${data.community.members_total} members): ${memberList(data, data.community.members.length)}`
          : "community: none (no resolved calls)",
      );
      if (data.co_changed) lines.push(coChangedLine(data.co_changed));
      if (data.summaries) lines.push(...summaryLines(data.summaries));
      return lines.join("\n");
    },
    compact: (data) =>
      [
        `sym: ${data.symbol} (${abbreviateKind(data.definitions[0]?.kind ?? "")}) ${data.definitions[0] ? `${data.definitions[0].file}:${data.definitions[0].line}` : ""}`.trimEnd(),
        edgeCompact("callers", data.callers, data.callers_total),
        edgeCompact("callees", data.callees, data.callees_total),
        ...(data.community
          ? [`${compactHeader("community", data.community.members.length, data.community.members_total)} ${memberList(data, SHOWN_MEMBERS)}`]
          : []),
      ].join("\n"),
    tables: [
      {
        columns: ["section", "kind", "name", "file", "line"],
        rows: (data) => data.definitions.map((definition) => ["def", definition.kind, definition.qualified_name, definition.file, definition.line]),
      },
      { columns: ["direction", "name", "file", "line", "handle"], rows: (data) => edgeRows(lists(data)), more: (data) => hiddenEdges(lists(data)) },
      {
        columns: ["community", "size", "members"],
        rows: (data) => (data.community ? [[data.community.id, data.community.members_total, data.community.members.map((member) => member.name)]] : []),
      },
    ],
    envelope: {
      view: "report",
      summary: (data) => {
        const at = data.definitions[0];
        return `${data.symbol}${at ? ` (${at.kind}, ${at.file}:${at.line})` : ""}: ${data.callers_total} callers, ${data.callees_total} callees${data.community ? `, community #${data.community.id} of ${data.community.members_total}` : ""}`;
      },
      metrics: (data) => [
        { label: "definitions", value: data.definitions.length },
        { label: "callers", value: data.callers_total },
        { label: "callees", value: data.callees_total },
      ],
      followUp: (data) => {
        const expands = [...data.definitions, ...data.callers, ...data.callees]
          .map((item) => (item as { expand?: unknown }).expand)
          .filter((command): command is string => typeof command === "string");
        return [...expands, `tsift explain ${data.handle}${placeFlags(place)} --limit 0`];
      },
      truncated: (data) =>
        data.callers_truncated || data.callees_truncated || Boolean(data.community?.members_truncated) || (data as { truncated?: boolean }).truncated === true,
    },
    preview: {
      sections: [
        previewSection<SymbolExplanation, StoredSymbol>({
          key: "definitions",
          prefix: "gsym",
          identity: (definition) => definition.handle,
          ownHandle: (definition) => definition.handle,
          expand: (definition) => sourceReadCommand(definition.file, definition.line, definition.end_line, place),
          truncate: ["signature"],
        }),
        previewSection<SymbolExplanation, StoredEdge>({
          key: "callers",
          prefix: "gcal",
          identity: (edge) => `${edge.caller_file}\0${edge.call_site_line}\0${edge.caller_name}\0${edge.callee_name}`,
          expand: (edge) => edgeExpand(edge, "callers", place),
          total: (data) => data.callers_total,
        }),
        previewSection<SymbolExplanation, StoredEdge>({
          key: "callees",
          prefix: "gcle",
          identity: (edge) => `${edge.caller_file}\0${edge.call_site_line}\0${edge.caller_name}\0${edge.callee_name}`,
          expand: (edge) => edgeExpand(edge, "callees", place),
          total: (data) => data.callees_total,
        }),
      ],
    },
  });
