import type { EditBatchReport } from "@tsift/index/indexer";
import { defineOutput } from "../output/output-spec";

/** `tsift edit` data (`applyEdits`). */
export type EditData = EditBatchReport;

function headline(data: EditData): string {
  if (data.rejected) return `rejected: ${data.rejected} of ${data.edits.length} edits failed validation; no file was changed`;
  const files = `${data.files.length} file${data.files.length === 1 ? "" : "s"}`;
  return data.dry_run ? `dry run: ${data.edits.length} edits would change ${files}` : `applied ${data.edits.length} edits to ${files}`;
}

/** `tsift edit` output: a headline, then one line per edit (with the reason for a rejection). */
export const editOutput = defineOutput<EditData>({
  tool: "edit",
  text: (data) =>
    [
      headline(data),
      ...data.edits.map(
        (edit) => `  ${edit.edit}. ${edit.status} ${edit.file}${edit.replacements ? ` (${edit.replacements}×)` : ""}${edit.reason ? `: ${edit.reason}` : ""}`,
      ),
      ...(data.recovered.length ? [`cleared ${data.recovered.length} staged file(s) an interrupted batch left`] : []),
      ...(data.applied ? [`index: ${data.index.state}`] : []),
    ].join("\n"),
  tables: [
    {
      columns: ["edit", "file", "status", "replacements", "reason"],
      rows: (data) => data.edits.map((edit) => [edit.edit, edit.file, edit.status, edit.replacements, edit.reason ?? null]),
    },
  ],
});
