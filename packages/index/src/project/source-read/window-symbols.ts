import { existsSync } from "node:fs";
import { isTsiftError } from "@tsift/core/light";
import { LANGS, langInfo, type Lang } from "@tsift/graph/langs";
import { symbolHandle as graphHandle } from "../../store/symbol-handle";
import type { IndexLocation } from "../../walk/index-location";
import { openIndexReader } from "../../store/open-index";
import { querySymbols } from "../../projection/graph-queries/query-symbols";
import { placeFlags, sourceReadCommand, stableHandle, symbolIdentity, type CommandPlace } from "../../walk/command-place";

/** An indexed symbol a source window intersects. */
export interface SymbolRef {
  handle: string;
  name: string;
  kind: string;
  parent: string | null;
  /** Relative to the index's source root (the scope directory in a workspace). */
  file: string;
  line: number;
  end_line: number;
  /** Reads the whole definition. */
  expand: string;
  /** `tsift explain <gsym-*>` for the symbol: its callers, callees and community. */
  explain?: string;
}

export interface WindowSymbols {
  symbols: SymbolRef[];
  warnings: string[];
  recovery: string | null;
}

/**
 * Indexed symbols whose definitions intersect lines `start`–`end` of `file` (relative
 * to the index's source root), outermost first. The window never depends on them: a
 * missing, newer or unreadable index becomes a warning and an empty list.
 */
export async function windowSymbols(
  location: IndexLocation,
  file: string,
  start: number,
  end: number,
  place: CommandPlace,
  indexCommand: string,
): Promise<WindowSymbols> {
  if (!existsSync(location.dbPath)) return { symbols: [], warnings: [`no index yet, so no symbol refs; run \`${indexCommand}\``], recovery: null };
  let connection;
  try {
    connection = openIndexReader(location);
  } catch (error) {
    if (isTsiftError(error))
      return { symbols: [], warnings: [`symbol refs unavailable: ${error.message}${error.hint ? ` (next: ${error.hint})` : ""}`], recovery: null };
    throw error;
  }
  try {
    const rows = querySymbols(connection.database, { file, limit: 0 })
      .symbols.filter((symbol) => symbol.file === file && symbol.line <= end && symbol.end_line >= start)
      .sort((a, b) => a.line - b.line || b.end_line - a.end_line || a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
    const symbols = rows.map((symbol): SymbolRef => ({
      handle: stableHandle("ssym", symbolIdentity(symbol, place.scope)),
      name: symbol.name,
      kind: symbol.kind,
      parent: symbol.parent,
      file: symbol.file,
      line: symbol.line,
      end_line: symbol.end_line,
      expand: sourceReadCommand(symbol.file, symbol.line, symbol.end_line, place),
      // By `gsym-*` handle: unambiguous where the name is not (overloads, same names in two files).
      explain: `tsift --envelope explain ${graphHandle(symbol.file, symbol.parent ? `${symbol.parent}${qualifiedNameSeparator(symbol.language)}${symbol.name}` : symbol.name, symbol.line)}${placeFlags(place)} --budget normal`,
    }));
    return { symbols, warnings: [], recovery: connection.recovery };
  } finally {
    await connection.close();
  }
}

/** How a language joins a parent and a member in a qualified name (`Store.get`, `Guide > Install`); `.` for a language this build does not know. */
function qualifiedNameSeparator(language: string): string {
  return (LANGS as readonly string[]).includes(language) ? langInfo(language as Lang).qualifiedNameSeparator : ".";
}
