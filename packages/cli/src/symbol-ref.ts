import { shellArg, stableHandle } from "@tsift/digest";

export interface SymbolRefSource {
  file: string;
  line: number;
  end_line: number;
  kind: string;
  name: string;
  parent?: string | null;
}

/** Where a suggested command should look: the project as typed from the cwd, and the scope. */
export interface CommandPlace {
  pathArg: string;
  scope: string | null;
}

/**
 * Identity behind the `ssym-*` handle of an indexed symbol. `symbols` previews and
 * `source-read` windows derive it the same way (scope, file relative to the index's
 * source root, line, kind, parent, name), so one symbol keeps one handle across commands.
 */
export function symbolIdentity(symbol: SymbolRefSource, scope: string | null): string {
  return [scope ?? "", symbol.file, symbol.line, symbol.kind, symbol.parent ?? "", symbol.name].join("\0");
}

export function symbolHandle(symbol: SymbolRefSource, scope: string | null): string {
  return stableHandle("ssym", symbolIdentity(symbol, scope));
}

/** ` --path P --scope S`, leaving out what the defaults already say. */
export function placeFlags(place: CommandPlace): string {
  return `${place.pathArg !== "." ? ` --path ${place.pathArg}` : ""}${place.scope ? ` --scope ${shellArg(place.scope)}` : ""}`;
}

/** The `source-read` command that shows a line range of a file. */
export function sourceReadCommand(file: string, start: number, end: number, place: CommandPlace): string {
  return `tsift source-read ${shellArg(file)}${placeFlags(place)} --start ${start} --end ${end}`;
}
