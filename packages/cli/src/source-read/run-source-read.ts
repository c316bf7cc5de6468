import { readSourceWindow, type SourceWindowOptions } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { sourceReadOutput, type SourceReadData } from "./source-read-output";

/** `tsift source-read <file>`: a bounded line window with symbol refs and expansion commands (`readSourceWindow`). */
export async function runSourceRead(io: CliIo, options: Omit<SourceWindowOptions, "cwd">): Promise<CommandResult<SourceReadData>> {
  const { report, sourceRoot, place, notes } = await readSourceWindow({ cwd: io.cwd, ...options });
  return commandResult(report, sourceReadOutput(place), { root: sourceRoot, notes });
}
