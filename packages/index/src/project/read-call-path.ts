import { shortestCallPath, type CallPath } from "../projection/graph-queries/shortest-call-path";
import { shellArg } from "../walk/command-place";
import type { IndexOpener } from "../store/open-read-index";
import { chooseSymbol } from "../projection/graph-queries/symbol-choice";
import { readTransaction } from "../store/queries/read-transaction";

export interface CallPathOptions {
  /** Symbol arguments: a name, `Class.method`, `file:line` or a `gsym-*` handle. */
  from: string;
  to: string;
  /** Follow calls either way (`tsift path --undirected`); default false: from caller to callee, else the reverse chain. */
  undirected?: boolean | undefined;
}

/**
 * `tsift path <from> <to>`: the shortest chain of resolved calls from caller to callee (or,
 * when there is none, from `to` back to `from`, `direction: "reverse"`); `undirected` follows
 * calls either way. Not connected is `path: null`.
 */
export async function readCallPath(open: IndexOpener, options: CallPathOptions): Promise<CallPath> {
  const index = await open();
  // One snapshot: both endpoints and every edge of the search.
  return readTransaction(index.db, async () => {
    const from = await chooseSymbol(index.db, options.from, index.place, (handle) => `tsift path ${handle} ${shellArg(options.to)}`, index.location);
    const to = await chooseSymbol(index.db, options.to, index.place, (handle) => `tsift path ${shellArg(options.from)} ${handle}`, index.location);
    return shortestCallPath(index.db, from, to, { undirected: options.undirected === true });
  });
}
