import { AsyncLocalStorage } from "node:async_hooks";
import { TsiftError } from "@tsift/core/light";

const scope = new AsyncLocalStorage<string>();

/**
 * Runs `work` (and everything it awaits) with project writes refused: `tsift mcp` answers
 * every tool call this way. Inside, `.tsift/` is never created, no index is built or
 * refreshed (reads answer from the index as it is, with a note when it is stale), no
 * graph.db is projected and no cache file is written. `who` names the caller in refusals.
 */
export function runReadOnly<T>(who: string, work: () => T): T {
  return scope.run(who, work);
}

/** The caller that made this call read-only (`tsift mcp`), or null when writes are allowed. */
export function readOnlyCaller(): string | null {
  return scope.getStore() ?? null;
}

/**
 * Throws `read_only` inside `runReadOnly`: the one check every project write (the state
 * directory, an index update) makes first. `what` says what would have been written.
 */
export function refuseWriteWhenReadOnly(what: string, hint = "run `tsift index` in a terminal (or keep `tsift watch` running), then ask again"): void {
  const who = readOnlyCaller();
  if (who === null) return;
  throw new TsiftError("read_only", `${who} is read-only and writes nothing in the project: it does not ${what}`, { hint });
}
