import { diffTargetFromFlags, resolveBudget } from "@tsift/digest";
import { impact } from "@tsift/search";
import type { CommandResult } from "../command-result";
import type { impact as impactCommand } from "../commands/impact";
import type { OptionsOfCommand } from "../definition/define-command";
import type { CliIo } from "../io";

/** `tsift impact`: @tsift/search's `impact` for the diff the flags name, rendered. */
export async function runImpact(io: CliIo, flags: OptionsOfCommand<typeof impactCommand>): Promise<CommandResult> {
  const result = await impact({
    cwd: io.cwd,
    path: flags.path,
    scope: flags.scope,
    target: diffTargetFromFlags(flags),
    depth: flags.depth,
    imports: flags.imports,
    limit: flags.limit,
    ...(flags.only && flags.only.length > 0 ? { paths: flags.only } : {}),
    budget: resolveBudget(flags, io.env, flags.envelope === true),
  });
  return { data: result.data, root: result.root, notes: result.notes };
}
