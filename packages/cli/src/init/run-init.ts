import { basename, resolve } from "node:path";
import { initProject } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import type { ReadOptions } from "../graph-cmd/read-index";
import type { CliIo } from "../io";
import type { InitOptions } from "./apply-init";
import type { InitData } from "./init-output";

/** This process's tsift executable, when it is one (not a test runner driving the CLI in-process). */
function runningBin(): string | undefined {
  const script = process.argv[1];
  return script !== undefined && /^(tsift|tsift\.c?js|bin\.c?js|bin-client\.cjs)$/.test(basename(script)) ? resolve(script) : undefined;
}

/** `tsift init [path]`: resolve the owning repo (or workspace) root, then apply the init plan there (`initProject`). */
export async function runInit(io: CliIo, flags: Omit<InitOptions, "launcher"> & Pick<ReadOptions, "path">): Promise<CommandResult<InitData>> {
  const { root, report } = initProject({
    cwd: io.cwd,
    launcher: { pathEnv: io.env.PATH, runningBin: runningBin() },
    path: flags.path,
    claude: flags.claude,
    codex: flags.codex,
    opencode: flags.opencode,
    workspace: flags.workspace,
  });
  return { data: report, root };
}
