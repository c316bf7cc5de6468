import { resolve } from "node:path";
import { readLocks, resolveProjectRoot } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import type { ReadOptions } from "../graph-cmd/read-index";
import type { CliIo } from "../io";
import type { LocksData } from "./locks-output";

/** `tsift locks`: writer lock holders and SQLite sidecars of every tsift database (`readLocks`); never opens one. The definition renders it. */
export async function runLocks(io: CliIo, options: ReadOptions): Promise<CommandResult<LocksData>> {
  const data = await readLocks({ cwd: io.cwd, path: options.path, scope: options.scope });
  const { root } = resolveProjectRoot(resolve(io.cwd, options.path ?? "."));
  return { data, root };
}
