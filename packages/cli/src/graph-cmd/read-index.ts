import { openReadIndex as openIndex, resolveReadTarget as resolveTarget, type ProjectOptions, type ReadIndex, type ReadTarget } from "@tsift/index/graph-read";
import type { CliIo } from "../io";

export type { ReadIndex, ReadTarget };

/** Which index a read command uses: `--path` (or the trailing positional; default `.`) and `--scope`, as @tsift/index names them. */
export type ReadOptions = Omit<ProjectOptions, "cwd">;

/** The one index a read command uses (`resolveReadTarget` of @tsift/index, from the CLI's cwd). */
export function resolveReadTarget(io: CliIo, options: ReadOptions): ReadTarget {
  return resolveTarget({ cwd: io.cwd, path: options.path, scope: options.scope });
}

/** The read command's index, refreshed when stale (`openReadIndex` of @tsift/index); its notes go to stderr. */
export function openReadIndex(io: CliIo, options: ReadOptions): Promise<ReadIndex> {
  return openIndex({ cwd: io.cwd, path: options.path, scope: options.scope });
}
