import { resolveIndexTargets, type IndexTarget, type ResolvedTargets } from "@tsift/index/indexer";

export type { IndexTarget, ResolvedTargets };

export interface TargetFlags {
  workspace?: boolean;
  /** `--submodule` / `--scope`. */
  scope?: string;
}

/** The indexes a command uses, from the CLI's cwd and flags (`resolveIndexTargets` of @tsift/index). */
export function resolveTargets(cwd: string, path: string | undefined, flags: TargetFlags): Promise<ResolvedTargets> {
  return resolveIndexTargets({ cwd, path, workspace: flags.workspace, scope: flags.scope });
}
