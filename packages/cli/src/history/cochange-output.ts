import type { CoChangeResult } from "@tsift/index/history";
import { defineOutput } from "../output/output-spec";

export const coChangeOutput = defineOutput<CoChangeResult>({
  tool: "cochange",
  text: (data) => {
    const head = `${data.path}: ${data.commits} commit${data.commits === 1 ? "" : "s"}${data.bulk_commits_skipped ? ` (${data.bulk_commits_skipped} bulk skipped, over ${data.max_files} files)` : ""}`;
    if (!data.files.length) return `${head}; no file changed with it`;
    return [
      head,
      ...data.files.map(
        (file) => `${file.path}  ${file.count}  support ${file.support.toFixed(2)}  jaccard ${file.jaccard.toFixed(2)}${file.alive ? "" : "  (gone)"}`,
      ),
      ...(data.total > data.files.length ? [`(+${data.total - data.files.length} more)`] : []),
    ].join("\n");
  },
  tables: [
    {
      columns: ["path", "count", "support", "jaccard", "alive"],
      rows: (data) => data.files.map((file) => [file.path, file.count, file.support, file.jaccard, file.alive]),
      more: (data) => data.total - data.files.length,
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.total} files changed with ${data.path} across ${data.commits} commits`,
    metrics: (data) => [
      { label: "commits", value: data.commits },
      { label: "files", value: data.total },
      { label: "bulk_skipped", value: data.bulk_commits_skipped },
    ],
    followUp: (data) => data.files.slice(0, 3).map((file) => `tsift history provenance ${file.path}`),
  },
});
