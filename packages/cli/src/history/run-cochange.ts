import { resolve } from "node:path";
import { readCoChange } from "@tsift/index/history";
import { resolveProjectRoot } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import type { cochange } from "../commands/cochange";
import type { OptionsOfCommand } from "../definition/define-command";
import type { CliIo } from "../io";

/** `tsift cochange <file>`: the file is resolved from the cwd, the project from `--path` (default: the file's own). */
export async function runCoChange(io: CliIo, flags: OptionsOfCommand<typeof cochange>): Promise<CommandResult> {
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
  return { data, root, notes };
}
