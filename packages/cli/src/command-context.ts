import type { CommandResult } from "./command-result";
import type { CliIo } from "./io";

/** Shared by command modules: the IO to use and where to leave the result for rendering. */
export interface CommandContext {
  io: CliIo;
  setResult(result: CommandResult): void;
}
