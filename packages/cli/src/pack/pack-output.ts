import { shellArg } from "@tsift/core/light";
import type { PackData } from "@tsift/search";
import { defineOutput } from "../output/output-spec";

/** The text modes print the rendered pack as it was counted. */
export const packOutput = defineOutput<PackData>({
  tool: "pack",
  // The pack is the output: exactly the bytes whose tokens were counted.
  text: (data) => data.text.replace(/\n$/, ""),
  tables: [
    {
      columns: ["path", "score", "symbols", "changed"],
      rows: (data) => data.files.map((file) => [file.path, file.score, file.symbols.length, file.changed]),
      more: (data) => data.left_out.files,
    },
  ],
  envelope: {
    view: "report",
    summary: (data) =>
      `${data.files.length} files, ${data.files.reduce((sum, file) => sum + file.symbols.length, 0)} symbols in ${data.tokens} of ${data.budget} tokens`,
    metrics: (data) => [
      { label: "tokens", value: data.tokens },
      { label: "budget", value: data.budget },
      { label: "files", value: data.files.length },
      { label: "left_out_files", value: data.left_out.files },
      { label: "skipped", value: data.skipped_total },
    ],
    followUp: (data) => data.left_out.top_files.map((path) => `tsift source-read ${shellArg(path)}`),
    truncated: (data) => data.left_out.files > 0 || data.left_out.symbols > 0,
  },
});
