import { contextPack, resolveBudget, type BudgetFlags, type ContextPackOptions } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { contextPackOutput, type ContextPackData } from "./context-pack-output";

export interface ContextPackFlags {
  target: string;
  diff: boolean;
  testInput?: string | undefined;
  logInput?: string | undefined;
  transcripts?: string | undefined;
  runner?: ContextPackOptions["runner"];
  budget: BudgetFlags;
  envelope: boolean;
}

/** `tsift context-pack`: an envelope asks for the adaptive budget when no explicit one is given. */
export async function runContextPack(io: CliIo, flags: ContextPackFlags): Promise<CommandResult<ContextPackData>> {
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  const pack = await contextPack({
    target: flags.target,
    cwd: io.cwd,
    diff: flags.diff,
    testInput: flags.testInput,
    logInput: flags.logInput,
    transcriptDir: flags.transcripts,
    runner: flags.runner,
    budget,
  });
  // Paths in the pack are already as the caller types them: target and inputs from the working directory, diff files from the root.
  return commandResult(pack, contextPackOutput);
}
