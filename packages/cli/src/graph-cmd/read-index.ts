import { openReadIndex as openIndex, resolveReadTarget as resolveTarget, type ReadIndex, type ReadTarget } from "@tsift/index/graph-read";
import type { CliIo } from "../io";

export type { ReadIndex, ReadTarget };

export interface ReadIndexFlags {
  /** `--path` or the trailing positional; default `.`. */
  path?: string | undefined;
  scope?: string | undefined;
}

/** The one index a read command uses (`resolveReadTarget` of @tsift/index, from the CLI's cwd). */
export function resolveReadTarget(io: CliIo, flags: ReadIndexFlags): ReadTarget {
  return resolveTarget({ cwd: io.cwd, path: flags.path, scope: flags.scope });
}

/** The read command's index, refreshed when stale (`openReadIndex` of @tsift/index); its notes go to stderr. */
export function openReadIndex(io: CliIo, flags: ReadIndexFlags): Promise<ReadIndex> {
  return openIndex({ cwd: io.cwd, path: flags.path, scope: flags.scope });
}
