import { TsiftError } from "@tsift/core";
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { openReadIndex, type ReadIndex, type ReadIndexFlags } from "./read-index";

/**
 * Opens the (refreshed) index, runs `query` on it and closes it; the index's notes (a
 * skipped refresh, a snapshot read) go to stderr after the command's own.
 */
export async function withReadIndex(io: CliIo, flags: ReadIndexFlags, query: (index: ReadIndex) => CommandResult | Promise<CommandResult>): Promise<CommandResult> {
  const index = await openReadIndex(io, flags);
  try {
    const result = await query(index);
    return { ...result, notes: [...(result.notes ?? []), ...index.notes] };
  } finally {
    await index.close();
  }
}

/** `--limit`-style flags: whole numbers >= 0 (0 = no cap). */
export function checkLimit(name: string, value: number, command: string): void {
  if (!Number.isInteger(value) || value < 0) throw new TsiftError("usage", `--${name} must be a whole number >= 0, got ${String(value)}`, { hint: `tsift ${command} --help` });
}

/** The project directory: `--path`, else the trailing positional, else `.`; both given and different is a usage error. */
export function projectPath(option: string | undefined, positional: string | undefined, command: string): string | undefined {
  if (option !== undefined && positional !== undefined && option !== positional) {
    throw new TsiftError("usage", `give the project directory once: --path ${option} and the positional ${positional} differ`, { hint: `tsift ${command} --help` });
  }
  return option ?? positional;
}
