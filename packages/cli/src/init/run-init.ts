import { basename, resolve } from "node:path";
import { initProject } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { InitOptions } from "./apply-init";
import { initOutput, type InitData } from "./init-output";

export interface InitFlags extends InitOptions {
  path?: string | undefined;
}

/** This process's tsift executable, when it is one (not a test runner driving the CLI in-process). */
function runningBin(): string | undefined {
  const script = process.argv[1];
  return script !== undefined && /^(tsift|tsift\.c?js|bin\.c?js|bin-client\.cjs)$/.test(basename(script)) ? resolve(script) : undefined;
}

/** `tsift init [path]`: resolve the owning repo (or workspace) root, then apply the init plan there (`initProject`). */
export async function runInit(io: CliIo, flags: InitFlags): Promise<CommandResult<InitData>> {
  const { root, report } = initProject({
    cwd: io.cwd,
    launcher: { pathEnv: io.env.PATH, runningBin: runningBin() },
    path: flags.path,
    claude: flags.claude,
    codex: flags.codex,
    opencode: flags.opencode,
    workspace: flags.workspace,
  });
  return commandResult(report, initOutput, { root });
}
