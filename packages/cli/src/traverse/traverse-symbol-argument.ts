import { existsSync } from "node:fs";
import { join } from "node:path";
import type { IndexLocation } from "@tsift/index/code-graph";

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
export async function indexedSymbolHandle(location: IndexLocation, text: string): Promise<string> {
  const argument = text.trim();
  if (GRAPH_FORMS.test(argument) || !/[.:]/.test(argument) || !existsSync(location.dbPath)) return text;
  if (existsSync(join(location.sourceRoot, argument))) return text;
  const { openIndexReader, resolveSymbolArgument } = await import("@tsift/index/graph-read");
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
