import type { LintReport } from "@tsift/quality";
import { defineOutput } from "../output/output-spec";

/** `tsift lint` output: one line per unannotated mention, with its suggested annotation. */
export const lintOutput = defineOutput<LintReport>({
  tool: "lint",
  text: (data) =>
    data.annotations.length
      ? data.annotations.map((note) => `${note.file}:${note.line}:${note.column}: ${note.text} → ${note.suggestion}`).join("\n")
      : `no unannotated entities in ${data.files.length} file${data.files.length === 1 ? "" : "s"}`,
  tables: [
    {
      columns: ["file", "line", "column", "text", "kind", "suggestion"],
      rows: (data) => data.annotations.map((note) => [note.file, note.line, note.column, note.text, note.kind, note.suggestion]),
    },
  ],
});
