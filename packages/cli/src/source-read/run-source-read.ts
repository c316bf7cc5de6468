import { readSourceWindow, type WindowRequest } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { sourceReadOutput, type SourceReadData } from "./source-read-output";

export interface SourceReadFlags extends WindowRequest {
  file: string;
  path: string;
  scope?: string | undefined;
}

/** `tsift source-read <file>`: a bounded line window with symbol refs and expansion commands (`readSourceWindow`). */
export async function runSourceRead(io: CliIo, flags: SourceReadFlags): Promise<CommandResult<SourceReadData>> {
  const { report, sourceRoot, place, notes } = await readSourceWindow({ cwd: io.cwd, ...flags });
  return commandResult(report, sourceReadOutput(place), { root: sourceRoot, notes });
}
