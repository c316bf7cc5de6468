import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { analyzeOutput, type AnalyzeData } from "./analyze-output";
import { checkLimit, withReadIndex } from "./with-read-index";

export interface AnalyzeFlags {
  entries: string[];
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift analyze`: SCC, composite health, dead code from explicit or inferred entry points, and coupling. */
export async function runAnalyze(io: CliIo, flags: AnalyzeFlags): Promise<CommandResult> {
  checkLimit("limit", flags.limit, "analyze");
  return withReadIndex(io, flags, async (index) => {
    const { analyzeCallGraph } = await import("@tsift/index");
    // `--entry` values de-duplicated in order (tsift-rust-notes §5.3).
    const entries = [...new Set(flags.entries.map((entry) => entry.trim()).filter(Boolean))];
    const report = analyzeCallGraph(index.db, { ...(entries.length > 0 ? { entries } : {}), limit: flags.limit });
    const data: AnalyzeData = { root: index.location.sourceRoot, ...(index.scope ? { scope: index.scope.id } : {}), ...report };
    return commandResult(data, analyzeOutput(index.place), { root: index.location.sourceRoot });
  });
}
