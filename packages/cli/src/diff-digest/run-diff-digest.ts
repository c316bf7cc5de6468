import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { diffDigest, diffTargetFromFlags, resolveBudget } from "@tsift/digest";
import { resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { diffDigestOutput } from "./diff-digest-output";
import type { diffDigest as diffDigestCommand } from "../commands/diff-digest";
import type { OptionsOfCommand } from "../definition/define-command";

/**
 * `tsift diff-digest [path]`: the project owning `path` is the root the diff is taken in; a
 * path below the root (even one the change deleted) narrows the digest to it.
 */
export async function runDiffDigest(io: CliIo, flags: OptionsOfCommand<typeof diffDigestCommand>): Promise<CommandResult> {
  const target = diffTargetFromFlags(flags);
  const budget = resolveBudget(flags, io.env, flags.envelope === true);
  const { existing, rest } = nearestExisting(resolve(io.cwd, flags.path ?? "."));
  const { root } = resolveProjectRoot(existing);
  const inside = [relative(root, realpathSync(existing)), ...rest].filter((part) => part !== "").join("/");
  const report = await diffDigest({ root, target, limit: flags.limit, budget, ...(inside !== "" ? { paths: [inside.split(sep).join("/")] } : {}) });
  return commandResult(report, diffDigestOutput(io.cwd, root, flags), { root });
}

/** A path the change deleted no longer exists; its nearest existing ancestor places it. */
function nearestExisting(path: string): { existing: string; rest: string[] } {
  const rest: string[] = [];
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) {
    rest.unshift(basename(at));
    at = dirname(at);
  }
  return { existing: at, rest };
}
