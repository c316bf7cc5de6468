import { contextPack, resolveBudget } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { contextPackOutput, type ContextPackData } from "./context-pack-output";
import type { contextPack as contextPackCommand } from "../commands/context-pack";
import type { OptionsOfCommand } from "../definition/define-command";

/** `tsift context-pack`: an envelope asks for the adaptive budget when no explicit one is given. */
export async function runContextPack(io: CliIo, flags: OptionsOfCommand<typeof contextPackCommand>): Promise<CommandResult<ContextPackData>> {
  const budget = resolveBudget(flags, io.env, flags.envelope === true);
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
