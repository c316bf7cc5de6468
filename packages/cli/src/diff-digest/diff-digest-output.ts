import { join } from "node:path";
import { diffTargetArgs, diffTargetFromFlags, previewSection, shellArg, type DiffDigestFile, type DiffDigestReport, type DiffTargetFlags } from "@tsift/digest";
import { pathArg } from "@tsift/index/indexer";
import { defineOutput } from "../output/output-spec";
import { digestSummaryLines } from "../output/summary-lines";

const LETTER: Record<DiffDigestFile["status"], string> = { added: "A", modified: "M", deleted: "D", renamed: "R", copied: "C", "type-changed": "T" };
const SIGN = { added: "+", removed: "-", changed: "~" } as const;

const more = (shown: number, total: number) => (total > shown ? ` (+${total - shown} more)` : "");

function what(data: DiffDigestReport): string {
  switch (data.mode) {
    case "worktree":
      return "working tree vs HEAD";
    case "unstaged":
      return "working tree vs index";
    case "cached":
      return "index vs HEAD";
    case "revision":
      return `${data.revision ?? ""} vs ${data.old_commit === null ? "the empty tree" : "its first parent"}`;
    case "base":
      return `working tree vs merge base of ${data.base ?? ""}`;
  }
}

function headline(data: DiffDigestReport): string {
  return `${what(data)}: ${data.files_changed} files, +${data.additions} -${data.deletions}; symbols +${data.symbols_added} -${data.symbols_removed} ~${data.symbols_changed}; calls +${data.call_edges_added} -${data.call_edges_removed}`;
}

function fileLine(file: DiffDigestFile): string {
  const name = file.old_path !== undefined ? `${file.old_path} -> ${file.path}` : file.path;
  const facts = [`+${file.additions} -${file.deletions}`];
  if (file.similarity !== undefined) facts.push(`${file.similarity}% similar`);
  if (file.old_mode !== undefined && file.new_mode !== undefined && file.old_mode !== file.new_mode) facts.push(`mode ${file.old_mode} -> ${file.new_mode}`);
  if (file.untracked) facts.push("untracked");
  if (file.parse !== "parsed") facts.push(file.parse.replaceAll("_", " "));
  else if (file.language) facts.push(file.language);
  return `${LETTER[file.status]} ${name}  ${facts.join(", ")}`;
}

function fileText(file: DiffDigestFile): string[] {
  const lines = [fileLine(file)];
  if (file.hunks.length > 0) lines.push(`  hunks: ${file.hunks.join("; ")}${more(file.hunks.length, file.hunks_total)}`);
  for (const symbol of file.symbols) {
    const signature =
      symbol.change === "changed" && symbol.old_signature !== symbol.new_signature
        ? `${symbol.old_signature ?? ""}  =>  ${symbol.new_signature ?? ""}`
        : (symbol.new_signature ?? symbol.old_signature ?? "");
    lines.push(`  ${SIGN[symbol.change]} ${symbol.kind} ${symbol.name}:${symbol.line}  ${signature}`.trimEnd());
  }
  if (file.symbols_total > file.symbols.length) lines.push(`  (+${file.symbols_total - file.symbols.length} more symbols)`);
  if (file.added_call_edges_total > 0)
    lines.push(`  calls +: ${file.added_call_edges.join(", ")}${more(file.added_call_edges.length, file.added_call_edges_total)}`);
  if (file.removed_call_edges_total > 0)
    lines.push(`  calls -: ${file.removed_call_edges.join(", ")}${more(file.removed_call_edges.length, file.removed_call_edges_total)}`);
  for (const warning of file.warnings ?? []) lines.push(`  warning: ${warning}`);
  return lines;
}

/**
 * `tsift diff-digest` output. `cwd` and `root` spell the follow-up commands from where the
 * user stands; `flags` keeps the diff target in them.
 */
export const diffDigestOutput = (cwd: string, root: string, flags: DiffTargetFlags) => {
  const targetArgs = diffTargetArgs(diffTargetFromFlags(flags))
    .map((arg) => (arg.startsWith("--") ? arg : shellArg(arg)))
    .join(" ");
  const command = (path: string | null, extra: string) =>
    `tsift diff-digest${path === null ? (pathArg(cwd, root) === "." ? "" : ` ${pathArg(cwd, root)}`) : ` ${pathArg(cwd, join(root, path))}`}${targetArgs ? ` ${targetArgs}` : ""}${extra}`;
  const filesTotal = (data: DiffDigestReport) => data.files_total;
  return defineOutput<DiffDigestReport>({
    tool: "diff-digest",
    pathKeys: ["path", "old_path", "root", "file"],
    text: (data) => {
      const lines = [headline(data)];
      for (const file of data.files) lines.push(...fileText(file));
      if (filesTotal(data) > data.files.length) lines.push(`(+${filesTotal(data) - data.files.length} more files: ${command(null, " --limit 0")})`);
      lines.push(...digestSummaryLines(data.summaries));
      lines.push(`economy: ${data.economy.input_bytes} B of diff -> ${data.economy.output_bytes} B (${data.economy.saved_percent}% saved)`);
      return lines.join("\n");
    },
    compact: (data) =>
      [
        headline(data),
        ...data.files.map(
          (file) =>
            `${fileLine(file)}${file.parse === "parsed" ? `; sym ${file.symbols_total}, calls +${file.added_call_edges_total} -${file.removed_call_edges_total}` : ""}`,
        ),
        ...(filesTotal(data) > data.files.length ? [`(+${filesTotal(data) - data.files.length} more)`] : []),
      ].join("\n"),
    tables: [
      {
        columns: ["status", "path", "old_path", "additions", "deletions", "parse", "symbols", "calls_added", "calls_removed"],
        rows: (data) =>
          data.files.map((file) => [
            file.status,
            file.path,
            file.old_path ?? "",
            file.additions,
            file.deletions,
            file.parse,
            file.symbols_total,
            file.added_call_edges_total,
            file.removed_call_edges_total,
          ]),
        more: (data) => filesTotal(data) - data.files.length,
      },
      {
        columns: ["path", "change", "kind", "name", "line", "old_signature", "new_signature"],
        rows: (data) =>
          data.files.flatMap((file) =>
            file.symbols.map((symbol) => [
              file.path,
              symbol.change,
              symbol.kind,
              symbol.name,
              symbol.line,
              symbol.old_signature ?? "",
              symbol.new_signature ?? "",
            ]),
          ),
      },
    ],
    envelope: {
      view: "report",
      summary: headline,
      metrics: (data) => [
        { label: "files", value: data.files_changed },
        { label: "additions", value: data.additions },
        { label: "deletions", value: data.deletions },
        { label: "symbols added", value: data.symbols_added },
        { label: "symbols removed", value: data.symbols_removed },
        { label: "symbols changed", value: data.symbols_changed },
        { label: "call edges added", value: data.call_edges_added },
        { label: "call edges removed", value: data.call_edges_removed },
        { label: "saved %", value: data.economy.saved_percent },
      ],
      followUp: (data) => [
        ...data.files.map((file) => (file as { expand?: string }).expand ?? command(file.path, "")),
        ...(filesTotal(data) > data.files.length ? [command(null, " --limit 0")] : []),
      ],
    },
    preview: {
      sections: [
        previewSection<DiffDigestReport, DiffDigestFile>({
          key: "files",
          prefix: "gdif",
          identity: (file) => `${file.old_path ?? ""}\0${file.path}\0${file.status}`,
          expand: (file) => command(file.path, ""),
          total: filesTotal,
        }),
      ],
    },
  });
};
