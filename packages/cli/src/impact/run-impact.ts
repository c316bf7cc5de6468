import { diffTargetFromFlags, resolveBudget, type BudgetFlags, type DiffTargetFlags } from "@tsift/digest";
import { impact, type ImportReach } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { impactOutput } from "./impact-output";

export interface ImpactFlags {
  target: DiffTargetFlags;
  depth: number;
  imports: ImportReach;
  only?: readonly string[] | undefined;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
  budget: BudgetFlags;
  envelope: boolean;
}

/** `tsift impact`: @tsift/search's `impact` for the diff the flags name, rendered. */
export async function runImpact(io: CliIo, flags: ImpactFlags): Promise<CommandResult> {
  const result = await impact({
    cwd: io.cwd,
    path: flags.path,
    scope: flags.scope,
    target: diffTargetFromFlags(flags.target),
    depth: flags.depth,
    imports: flags.imports,
    limit: flags.limit,
    ...(flags.only && flags.only.length > 0 ? { paths: flags.only } : {}),
    budget: resolveBudget(flags.budget, io.env, flags.envelope),
  });
  return commandResult(result.data, impactOutput, { root: result.root, notes: result.notes });
}
