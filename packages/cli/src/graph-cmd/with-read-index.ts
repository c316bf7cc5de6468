import type { TsiftError } from "@tsift/core/light";
import { symbolChoiceOf, type IndexOpener, type ReadIndex } from "@tsift/index/graph-read";
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { openReadIndex, type ReadOptions } from "./read-index";
import { symbolChoiceResult } from "./symbol-argument";

/**
 * Runs a read use case with an index opened (and refreshed) on its first request, renders
 * its data, and closes the index; the index's notes (a skipped refresh, a snapshot read)
 * go to stderr after the command's own. A symbol argument that names several definitions,
 * or none, is rendered as the list of candidates (exit 2 or 3) instead of a bare error.
 */
export async function withReadIndex<D>(
  io: CliIo,
  target: ReadOptions,
  query: (open: IndexOpener) => Promise<D>,
  render: (data: D, index: ReadIndex) => CommandResult,
): Promise<CommandResult> {
  let index: ReadIndex | undefined;
  const open: IndexOpener = async () => (index ??= await openReadIndex(io, target));
  try {
    let result: CommandResult;
    try {
      result = render(await query(open), index!);
    } catch (error) {
      const choice = symbolChoiceOf(error);
      if (!choice || !index) throw error;
      result = symbolChoiceResult(choice, error as TsiftError, index.location.sourceRoot);
    }
    return { ...result, notes: [...(result.notes ?? []), ...(index?.notes ?? [])] };
  } finally {
    await index?.close();
  }
}
