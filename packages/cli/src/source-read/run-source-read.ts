import { realpathSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { discoverScopes, indexLocation, loadConfig, resolveProjectRoot, selectScope, type WorkspaceScope } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { shellArg, stableHandle } from "@tsift/digest";
import { pathArg } from "../path-arg";
import { placeFlags, type CommandPlace } from "../symbol-ref";
import { readWindow, type WindowRequest } from "./read-window";
import { resolveSourceFile } from "./resolve-source-file";
import { sourceReadOutput, type SourceReadData } from "./source-read-output";
import { windowSymbols } from "./window-symbols";

export interface SourceReadFlags extends WindowRequest {
  file: string;
  path: string;
  scope?: string | undefined;
}

const slash = (path: string) => path.split(sep).join("/");

/**
 * `tsift source-read <file>`: a bounded line window of a file inside the project,
 * with a stable `swin-*` handle, `ssym-*` refs for indexed symbols it intersects and
 * the commands that widen it. Relative files resolve from the project root found from
 * `--path` (or from `--scope`'s directory); a file inside a workspace scope uses that
 * scope's index for its refs.
 */
export async function runSourceRead(io: CliIo, flags: SourceReadFlags): Promise<CommandResult<SourceReadData>> {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path));
  const realRoot = realpathSync(root);
  const scopes = discoverScopes(root);
  const chosen = flags.scope !== undefined ? selectScope(scopes, flags.scope) : null;
  const located = resolveSourceFile(root, chosen ? indexLocation(root, chosen).sourceRoot : root, flags.file);
  const fromRoot = slash(relative(realRoot, located.absPath));
  // A file inside a workspace scope is that scope's: its index, its relative paths, `--scope` in commands.
  const scope: WorkspaceScope | null = chosen ?? scopes.filter((candidate) => fromRoot.startsWith(`${candidate.path}/`)).sort((a, b) => b.path.length - a.path.length)[0] ?? null;
  const location = indexLocation(root, scope);
  const file = scope && !chosen ? resolveSourceFile(root, location.sourceRoot, located.absPath) : located;
  const config = await loadConfig(root);
  const window = readWindow(file, flags, config.index.maxFileBytes);

  const place = pathArg(io.cwd, root);
  const commandPlace: CommandPlace = { pathArg: place, scope: scope?.id ?? null };
  const indexCommand = scope ? `tsift index --submodule ${scope.id}${place === "." ? "" : ` ${place}`}` : `tsift index${place === "." ? "" : ` ${place}`}`;
  const refs = await windowSymbols(location, file.rel, window.start, window.end, commandPlace, indexCommand);

  const count = Math.max(window.end - window.start + 1, 1);
  const read = (start: number, end: number) => `tsift source-read ${shellArg(file.rel)}${placeFlags(commandPlace)} --start ${start} --end ${end}`;
  const data: SourceReadData = {
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
  return commandResult(data, sourceReadOutput(commandPlace), {
    root: location.sourceRoot,
    notes: refs.recovery ? [`note: a writer holds the index; symbol refs come from a snapshot copy (${refs.recovery})`] : [],
  });
}
