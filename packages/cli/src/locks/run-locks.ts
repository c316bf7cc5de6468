import { resolve } from "node:path";
import { readLocks, resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { locksOutput, type LocksData } from "./locks-output";

export interface LocksFlags {
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift locks`: writer lock holders and SQLite sidecars of every tsift database (`readLocks`); never opens one. */
export async function runLocks(io: CliIo, flags: LocksFlags): Promise<CommandResult<LocksData>> {
  const data = await readLocks({ cwd: io.cwd, path: flags.path, scope: flags.scope });
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  return commandResult(data, locksOutput, { root });
}
