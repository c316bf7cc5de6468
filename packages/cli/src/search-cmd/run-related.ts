import type { BudgetFlags } from "@tsift/digest";
import { relatedProject, type RelatedData, type RelatedProjectOptions } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";

/**
 * What the command line sets of `relatedProject`'s options (the process supplies `cwd`);
 * the preview flags are accepted, and related shows its hits whole.
 */
export type RelatedCliOptions = Omit<RelatedProjectOptions, "cwd"> & Required<Pick<RelatedProjectOptions, "limit">> & BudgetFlags;

/** `tsift related <file:line|shit-handle>`: @tsift/search's `relatedProject`, rendered. */
export async function runRelated(io: CliIo, flags: RelatedCliOptions): Promise<CommandResult> {
  const result = await relatedProject({
    target: flags.target,
    cwd: io.cwd,
    ...(flags.path !== undefined ? { path: flags.path } : {}),
    limit: flags.limit,
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
  });
  return commandResult(result.data, relatedOutput, { root: result.root, notes: result.notes });
}

const relatedOutput = defineOutput<RelatedData>({
  tool: "related",
  text: (data) => {
    const lines = [`related to ${data.source.path}:${data.source.start_line}-${data.source.end_line}${data.source.symbol ? ` (${data.source.symbol})` : ""}:`];
    if (data.hits.length === 0) lines.push("  nothing similar found");
    for (const hit of data.hits) lines.push(`  ${hit.path}:${hit.start_line}-${hit.end_line}  ${hit.score.toFixed(4)}${hit.symbol ? `  ${hit.symbol}` : ""}`);
    return lines.join("\n");
  },
  tables: [
    {
      columns: ["rank", "path", "start_line", "end_line", "score", "symbol"],
      rows: (data) => data.hits.map((hit) => [hit.rank, hit.path, hit.start_line, hit.end_line, hit.score, hit.symbol]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `${data.hits.length} chunks related to ${data.source.path}:${data.source.start_line}`,
    metrics: (data) => [
      { label: "hits", value: data.hits.length },
      { label: "encoder", value: data.encoder },
    ],
    followUp: (data) => data.hits.map((hit) => hit.expand),
  },
});
