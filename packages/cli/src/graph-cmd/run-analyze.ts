import { readAnalysis } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { analyzeOutput } from "./analyze-output";
import { withReadIndex } from "./with-read-index";

export interface AnalyzeFlags {
  entries: string[];
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift analyze`: SCC, composite health, dead code from explicit or inferred entry points, and coupling. */
export async function runAnalyze(io: CliIo, flags: AnalyzeFlags): Promise<CommandResult> {
  return withReadIndex(
    io,
    flags,
    (open) => readAnalysis(open, { entries: flags.entries, limit: flags.limit }),
    (data, index) => commandResult(data, analyzeOutput(index.place), { root: index.location.sourceRoot }),
  );
}
