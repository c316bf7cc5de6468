import { readAnalysis, type AnalysisOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { analyzeOutput } from "./analyze-output";
import type { ReadOptions } from "./read-index";
import { withReadIndex } from "./with-read-index";

/** `tsift analyze`: SCC, composite health, dead code from explicit or inferred entry points, and coupling. */
export async function runAnalyze(io: CliIo, options: AnalysisOptions & ReadOptions): Promise<CommandResult> {
  return withReadIndex(
    io,
    options,
    (open) => readAnalysis(open, { entries: options.entries, limit: options.limit }),
    (data, index) => commandResult(data, analyzeOutput(index.place), { root: index.location.sourceRoot }),
  );
}
