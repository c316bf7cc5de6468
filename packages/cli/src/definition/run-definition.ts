import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { ParsedArgs } from "./define-command";
import type { ResolvedCommand } from "./resolve-command";
import { usageError } from "./usage";

/**
 * Runs a resolved command on arguments from either parser: checks the whole-number
 * options against their table (one message for every `--limit`), folds the trailing
 * `[dir]` into `--path`, then calls the definition's `run`.
 */
export async function runDefinition(resolved: ResolvedCommand, args: ParsedArgs, io: CliIo): Promise<CommandResult> {
  const hint = `tsift ${resolved.words.join(" ")} --help`;
  for (const option of resolved.options) {
    const value = args[option.name];
    if (option.min === undefined || value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < option.min) {
      throw await usageError(`--${option.name} expects a whole number >= ${option.min}, got ${String(value)}`, hint);
    }
  }
  const dir = args.dir;
  if (typeof dir === "string" && resolved.options.some((option) => option.name === "path")) {
    const path = args.path;
    if (path !== undefined && path !== dir)
      throw await usageError(`give the project directory once: --path ${String(path)} and the positional ${dir} differ`, hint);
    args = { ...args, path: dir };
  }
  return resolved.command.run(args, io);
}
