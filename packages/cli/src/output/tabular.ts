import { escapeControls } from "./escape-controls";
import type { TableSpec } from "./output-spec";

/** One TSV cell: backslashes doubled and control characters escaped, so every row stays one line of cells. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = Array.isArray(value) ? value.map(String).join(",") : typeof value === "object" ? JSON.stringify(value) : String(value);
  return escapeControls(text.replaceAll("\\", "\\\\"));
}

/** `--tabular`: a header row per table, `# (+N more)` after a capped one, blank lines between tables. */
export function renderTables<D>(tables: readonly TableSpec<D>[], data: D): string {
  const blocks = tables.map((table) => {
    const lines = [table.columns.join("\t"), ...table.rows(data).map((row) => row.map(cell).join("\t"))];
    const more = table.more?.(data) ?? 0;
    if (typeof more === "string") lines.push(`# (${more})`);
    else if (more > 0) lines.push(`# (+${more} more)`);
    return lines.join("\n");
  });
  return `${blocks.join("\n\n")}\n`;
}
