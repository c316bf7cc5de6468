import { realpathSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { indexLocation } from "../../walk/index-location";
import { loadConfig } from "../../walk/config/load-config";
import { resolveProjectRoot } from "../../walk/resolve-project-root";
import { discoverScopes, selectScope, type WorkspaceScope } from "../../walk/workspace-scopes";
import { pathArg, placeFlags, shellArg, stableHandle, type CommandPlace } from "../../walk/command-place";
import { projectCwd, type ProjectOptions } from "../../walk/project-options";
import { readWindow, type WindowRequest } from "./read-window";
import { resolveSourceFile } from "../../walk/resolve-source-file";
import { windowSymbols, type SymbolRef } from "./window-symbols";

export interface SourceWindowOptions extends ProjectOptions, WindowRequest {
  /** The file, relative to the project root (or to `scope`'s directory). */
  file: string;
}

/** `tsift source-read` data. */
export interface SourceWindowReport {
  /** Relative to the index's source root (the scope directory for a file in a scope). */
  file: string;
  handle: string;
  start: number;
  end: number;
  total_lines: number;
  rows: { line: number; text: string }[];
  symbols: SymbolRef[];
  symbols_total: number;
  expansions: { before: string | null; after: string | null; full: string | null };
  warnings: string[];
  lossy?: boolean;
  truncated?: boolean;
}

/** A source window, and what a caller needs to present it. */
export interface SourceWindow {
  report: SourceWindowReport;
  /** The index's source root (absolute): the report's paths are relative to it. */
  sourceRoot: string;
  place: CommandPlace;
  notes: string[];
}

const slash = (path: string) => path.split(sep).join("/");

/**
 * `tsift source-read <file>`: a bounded line window of a file inside the project, with a
 * stable `swin-*` handle, `ssym-*` refs for indexed symbols it intersects and the commands
 * that widen it. Relative files resolve from the project root found from `path` (or from
 * `scope`'s directory); a file inside a workspace scope uses that scope's index for its refs.
 */
export async function readSourceWindow(options: SourceWindowOptions): Promise<SourceWindow> {
  const cwd = projectCwd(options);
  const { root } = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const realRoot = realpathSync(root);
  const scopes = discoverScopes(root);
  const chosen = options.scope !== undefined ? selectScope(scopes, options.scope) : null;
  const located = resolveSourceFile(root, chosen ? indexLocation(root, chosen).sourceRoot : root, options.file);
  const fromRoot = slash(relative(realRoot, located.absPath));
  // A file inside a workspace scope is that scope's: its index, its relative paths, `--scope` in commands.
  const scope: WorkspaceScope | null =
    chosen ?? scopes.filter((candidate) => fromRoot.startsWith(`${candidate.path}/`)).sort((a, b) => b.path.length - a.path.length)[0] ?? null;
  const location = indexLocation(root, scope);
  const file = scope && !chosen ? resolveSourceFile(root, location.sourceRoot, located.absPath) : located;
  const config = await loadConfig(root);
  const window = readWindow(file, options, config.index.maxFileBytes);

  const at = pathArg(cwd, root);
  const place: CommandPlace = { pathArg: at, scope: scope?.id ?? null };
  const indexCommand = scope ? `tsift index --submodule ${scope.id}${at === "." ? "" : ` ${at}`}` : `tsift index${at === "." ? "" : ` ${at}`}`;
  const refs = await windowSymbols(location, file.rel, window.start, window.end, place, indexCommand);

  const count = Math.max(window.end - window.start + 1, 1);
  const read = (start: number, end: number) => `tsift source-read ${shellArg(file.rel)}${placeFlags(place)} --start ${start} --end ${end}`;
  const report: SourceWindowReport = {
    file: file.rel,
    handle: stableHandle("swin", [fromRoot, window.start, window.end].join("\0")),
    start: window.start,
    end: window.end,
    total_lines: window.total_lines,
    rows: window.rows,
    symbols: refs.symbols,
    symbols_total: refs.symbols.length,
    expansions: {
      before: window.start > 1 ? read(Math.max(1, window.start - count), window.start - 1) : null,
      after: window.end < window.total_lines ? read(window.end + 1, Math.min(window.total_lines, window.end + count)) : null,
      full: window.start > 1 || window.end < window.total_lines ? read(1, window.total_lines) : null,
    },
    warnings: [...refs.warnings, ...(window.lossy ? ["invalid UTF-8 replaced with U+FFFD"] : [])],
    ...(window.lossy ? { lossy: true } : {}),
  };
  return {
    report,
    sourceRoot: location.sourceRoot,
    place,
    notes: refs.recovery ? [`note: a writer holds the index; symbol refs come from a snapshot copy (${refs.recovery})`] : [],
  };
}
