import { resolve } from "node:path";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathArg } from "../path-arg";
import { applyInit, type InitOptions } from "./apply-init";
import { initOutput, type InitData } from "./init-output";
import { resolveInitTarget } from "./init-target";

export interface InitFlags extends InitOptions {
  path?: string | undefined;
}

/** `tsift init [path]`: resolve the owning repo (or workspace) root, then apply the init plan there. */
export async function runInit(io: CliIo, flags: InitFlags): Promise<CommandResult<InitData>> {
  const input = resolve(io.cwd, flags.path ?? ".");
  const root = resolveInitTarget(input, flags.workspace);
  const changes = applyInit(root, flags);
  const typed = flags.path ?? ".";
  const data: InitData = {
    target: pathArg(io.cwd, root),
    resolved_from: resolve(io.cwd, typed) === root ? null : typed,
    changes,
    changed: changes.some((change) => change.action !== "unchanged"),
  };
  return commandResult(data, initOutput, { root });
}
