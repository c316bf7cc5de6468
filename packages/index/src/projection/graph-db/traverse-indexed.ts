import { existsSync } from "node:fs";
import { join } from "node:path";
import { traverseGraph, type GraphStore, type TraverseGraphOptions, type TraverseGraphResult } from "@tsift/core";
import type { IndexLocation } from "../../walk/index-location";

/** What graph.db's own lookup reads exactly: handles, node ids, routes. */
const GRAPH_FORMS = /^#|^g[a-z]{3}-[0-9a-f]{6,}$|^[a-z]+:[^/\\]*[#/]|^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY|ALL)\s/i;

/**
 * A traverse argument as the `gsym-*` handle of the one definition the code index reads it
 * as, for the forms only the index resolves (`file:line`, `file:name`, `Module.name`,
 * `Alias.name`): graph.db's own lookup matches names by their last segment and would pick
 * any `retry` for `Effect.retry`. The argument unchanged for a node id, handle, route, file
 * path or bare name (graph.db answers those itself, its alternatives listed), and when the
 * index is missing or does not name exactly one definition.
 */
async function indexedSymbolHandle(location: IndexLocation, text: string): Promise<string> {
  const argument = text.trim();
  if (GRAPH_FORMS.test(argument) || !/[.:]/.test(argument) || !existsSync(location.dbPath)) return text;
  if (existsSync(join(location.sourceRoot, argument))) return text;
  const [{ openIndexReader }, { resolveSymbolArgument }] = await Promise.all([
    import("../../store/open-index"),
    import("../graph-queries/resolve-symbol-argument"),
  ]);
  let connection;
  try {
    connection = openIndexReader(location);
  } catch {
    return text;
  }
  try {
    const found = resolveSymbolArgument(connection.database, argument, { limit: 1 });
    return found.status === "resolved" && found.form !== "name" ? found.symbol.handle : text;
  } catch {
    return text;
  } finally {
    await connection.close();
  }
}

/**
 * `traverseGraph` with its node and `--to` arguments read as every symbol-taking command
 * reads them (`file:name`, `Module.name`, `Alias.name`, `file:line` through the code index,
 * see `indexedSymbolHandle`), so `tsift traverse` and `openProject(...).traverse` agree. A
 * graph.db read as it is (`--no-refresh`) may predate the index: when the handles name
 * nothing there, the arguments are tried as typed.
 */
export async function traverseIndexed(store: GraphStore, index: IndexLocation, options: TraverseGraphOptions): Promise<TraverseGraphResult> {
  const node = options.node ? await indexedSymbolHandle(index, options.node) : undefined;
  const to = options.to ? await indexedSymbolHandle(index, options.to) : undefined;
  const run = (from: string | undefined, until: string | undefined) =>
    traverseGraph(store, { ...options, ...(from ? { node: from } : {}), ...(until ? { to: until } : {}) });
  try {
    return await run(node, to);
  } catch (error) {
    if (node === options.node && to === options.to) throw error;
    return run(options.node, options.to);
  }
}
