import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, delimiter, dirname, isAbsolute, join } from "node:path";
import { shellArg } from "@tsift/core/light";

/**
 * How an agent client starts tsift: the program and the arguments before tsift's own
 * (`mcp`, `hook pre-tool-use`). `local`: tsift is installed in the project, started with
 * `npx --no-install tsift` (found from any directory of the project, never downloaded).
 * `path`: `tsift` on PATH (a global install). `bin`: neither, so the tsift that ran
 * `init` is started by its absolute path. `fallback`: nothing was found, `tsift` is written.
 */
export interface TsiftLauncher {
  command: string;
  args: string[];
  source: "local" | "path" | "bin" | "fallback";
}

export interface TsiftLauncherFacts {
  /** The PATH to look `tsift` up on; undefined or empty: none. */
  readonly pathEnv?: string | undefined;
  /** The absolute path of the tsift executable running `init`, for when tsift is neither in the project nor on PATH. */
  readonly runningBin?: string | undefined;
}

export const LOCAL_LAUNCHER = ["npx", "--no-install", "tsift"] as const;

/** The launcher for the project at `root`: the local install first, then PATH, then the running bin. */
export function tsiftLauncher(root: string, facts: TsiftLauncherFacts = {}): TsiftLauncher {
  if (installedIn(root)) return { command: LOCAL_LAUNCHER[0], args: LOCAL_LAUNCHER.slice(1), source: "local" };
  if (onPath(facts.pathEnv)) return { command: "tsift", args: [], source: "path" };
  const bin = facts.runningBin;
  if (bin !== undefined && isAbsolute(bin) && existsSync(bin)) {
    // An executable bin (npm sets the mode of the bins it installs) runs by itself; a plain script through this Node.
    return executable(bin) ? { command: bin, args: [], source: "bin" } : { command: process.execPath, args: [bin], source: "bin" };
  }
  return { command: "tsift", args: [], source: "fallback" };
}

/** The launcher as a POSIX shell command prefix, for hook commands. */
export function launcherLine(launcher: TsiftLauncher): string {
  return [launcher.command, ...launcher.args].map(shellArg).join(" ");
}

/** `node_modules/.bin/tsift` in the project or an ancestor (where `npx --no-install` looks), or the package resolvable from it. */
function installedIn(root: string): boolean {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules", ".bin", "tsift"))) return true;
    if (dirname(dir) === dir) break;
  }
  try {
    createRequire(join(root, "package.json")).resolve("tsift/package.json");
    return true;
  } catch {
    return false;
  }
}

function onPath(pathEnv: string | undefined): boolean {
  if (!pathEnv) return false;
  const names = process.platform === "win32" ? ["tsift.cmd", "tsift.exe", "tsift"] : ["tsift"];
  // npm exec (npx) puts node_modules/.bin directories, its download cache's among them, on the PATH of what it
  // runs: those are not where a client finds tsift later.
  const installed = (dir: string) => dir !== "" && isAbsolute(dir) && !(basename(dir) === ".bin" && basename(dirname(dir)) === "node_modules");
  return pathEnv.split(delimiter).some((dir) => installed(dir) && names.some((name) => executable(join(dir, name))));
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a command and its leading arguments start tsift as one of the launchers above
 * would (any of them, so a re-run of `init` recognises, and replaces, what an earlier one
 * wrote under another install).
 */
export function isTsiftLauncher(words: readonly string[]): boolean {
  if (words.length === 1 && words[0] === "tsift") return true;
  if (words.length === LOCAL_LAUNCHER.length && words.every((word, i) => word === LOCAL_LAUNCHER[i])) return true;
  const script = words.length === 2 && basename(words[0]!).startsWith("node") ? words[1]! : words.length === 1 ? words[0]! : null;
  return script !== null && isAbsolute(script) && /^(tsift|tsift\.c?js|bin\.c?js|bin-client\.cjs)$/.test(basename(script));
}

/** Splits a launcher line written by `launcherLine` back into words (plain and single-quoted words only). */
export function launcherWords(line: string): string[] | null {
  const words: string[] = [];
  const pattern = /\s*(?:'((?:[^']|'\\'')*)'|([^\s']+))/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(line)) !== null) {
    words.push(match[1] !== undefined ? match[1].replaceAll(`'\\''`, "'") : match[2]!);
    if (pattern.lastIndex === line.length) return words;
  }
  return line.trim() === "" ? [] : null;
}
