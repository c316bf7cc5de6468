import type { TsiftError } from "@tsift/core/light";
import { symbolChoiceOf, type CommandPlace, type IndexOpener, type ReadIndex } from "@tsift/index/graph-read";
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
export async function withReadIndex<D, R extends CommandResult = CommandResult>(
  io: CliIo,
  target: ReadOptions,
  query: (open: IndexOpener) => Promise<D>,
  render: (data: D, index: ReadIndex) => R,
): Promise<R> {
  let index: ReadIndex | undefined;
  const open: IndexOpener = async () => (index ??= await openReadIndex(io, target));
  try {
    let result: R;
    try {
      result = render(await query(open), index!);
    } catch (error) {
      const choice = symbolChoiceOf(error);
      if (!choice || !index) throw error;
      // The list of candidates brings its own renderer, so no reader of R's data or extra fields ever sees it.
      result = symbolChoiceResult(choice, error as TsiftError, index.location.sourceRoot) as CommandResult as R;
    }
    return { ...result, notes: [...(result.notes ?? []), ...(index?.notes ?? [])] };
  } finally {
    await index?.close();
  }
}

/** What most index reads return: the query's data, the source root its paths are relative to, and the place follow-up commands name. */
export interface IndexedResult<D> extends CommandResult<D> {
  root: string;
  place: CommandPlace;
}

/** `withReadIndex` for a read whose renderer needs only the data and the index's place (`tsift graph`, `path`, `explain`, …). */
export function readIndexed<D>(io: CliIo, target: ReadOptions, query: (open: IndexOpener) => Promise<D>): Promise<IndexedResult<D>> {
  return withReadIndex(io, target, query, (data, index) => ({ data, root: index.location.sourceRoot, place: index.place }));
}
