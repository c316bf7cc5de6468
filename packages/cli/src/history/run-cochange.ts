import { resolve } from "node:path";
import { readCoChange } from "@tsift/index/history";
import { resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { coChangeOutput } from "./cochange-output";

export interface CoChangeFlags {
  file: string;
  path?: string | undefined;
  limit: number;
  minSupport: number;
  minCount: number;
  maxFiles?: number | undefined;
  autoindex: boolean;
}

/** `tsift cochange <file>`: the file is resolved from the cwd, the project from `--path` (default: the file's own). */
export async function runCoChange(io: CliIo, flags: CoChangeFlags): Promise<CommandResult> {
  const file = resolve(io.cwd, flags.file);
  const { root } = resolveProjectRoot(flags.path === undefined ? resolve(io.cwd) : resolve(io.cwd, flags.path));
  const notes: string[] = [];
  const data = await readCoChange({
    root,
    path: file,
    limit: flags.limit,
    minSupport: flags.minSupport,
    minCount: flags.minCount,
    ...(flags.maxFiles !== undefined ? { maxFiles: flags.maxFiles } : {}),
    autoindex: flags.autoindex,
    onNote: (note) => notes.push(note),
  });
  return commandResult(data, coChangeOutput, { root, notes });
}
