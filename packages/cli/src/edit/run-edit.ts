import { applyEdits, parseEditBatch } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { readInput } from "../input";
import type { CliIo } from "../io";
import { editOutput, type EditData } from "./edit-output";
import type { edit as editCommand } from "../commands/edit";
import type { OptionsOfCommand } from "../definition/define-command";

/** `tsift edit`: parses the batch and applies it (`applyEdits`); a rejected batch exits 1 with each edit's reason. */
export async function runEdit(io: CliIo, flags: OptionsOfCommand<typeof editCommand>): Promise<CommandResult<EditData>> {
  const edits = parseEditBatch((await readInput(io, flags.input, "edit batch")).toString("utf8"));
  const report = await applyEdits({ cwd: io.cwd, path: flags.path ?? ".", edits, dryRun: flags.dryRun, refreshIndex: !flags.skipReindex });
  const notes = report.index.note ? [`warning: ${report.index.note}`] : [];
  return commandResult(report, editOutput, { notes, ...(report.rejected ? { exitCode: EXIT_CODES.checkFailed } : {}) });
}
