import type { EditBatchReport } from "@tsift/index/indexer";
import { defineOutput } from "../output/output-spec";

/** `tsift edit` data (`applyEdits`). */
export type EditData = EditBatchReport;

function headline(data: EditData): string {
  if (data.rejected) return `rejected: ${data.rejected} of ${data.edits.length} edits failed validation; no file was changed`;
  const files = `${data.files.length} file${data.files.length === 1 ? "" : "s"}`;
  return data.dry_run ? `dry run: ${data.edits.length} edits would change ${files}` : `applied ${data.edits.length} edits to ${files}`;
}

/** What settling the batch an earlier `edit` left interrupted did, before this batch ran. */
function recoveredLine(recovered: NonNullable<EditData["recovered"]>): string {
  const files = `${recovered.files.length} file${recovered.files.length === 1 ? "" : "s"}`;
  const head = `${recovered.outcome === "rolled_forward" ? "completed" : "rolled back"} the batch interrupted at ${recovered.started_at} (${files} rewritten)`;
  return [head, ...recovered.left_alone.map((entry) => `  left alone ${entry.file}: ${entry.reason}`)].join("\n");
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
      ...(data.recovered ? [recoveredLine(data.recovered)] : []),
      ...(data.applied ? [`index: ${data.index.state}`] : []),
    ].join("\n"),
  tables: [
    {
      columns: ["edit", "file", "status", "replacements", "reason"],
      rows: (data) => data.edits.map((edit) => [edit.edit, edit.file, edit.status, edit.replacements, edit.reason ?? null]),
    },
  ],
});
