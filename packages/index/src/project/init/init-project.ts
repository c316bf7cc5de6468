import { resolve } from "node:path";
import { pathArg } from "../../walk/command-place";
import { projectCwd } from "../../walk/project-options";
import { applyInit, type InitChange, type InitOptions } from "./apply-init";
import { resolveInitTarget } from "./init-target";
import { tsiftLauncher, type TsiftLauncherFacts } from "./tsift-launcher";

export interface InitProjectOptions extends Partial<Omit<InitOptions, "launcher">> {
  cwd?: string | undefined;
  /** Where the clients find tsift (see `tsiftLauncher`): the PATH to look it up on (default: none) and the running tsift's absolute path. */
  launcher?: TsiftLauncherFacts | undefined;
  /** A directory or file inside the repository; default `.`. */
  path?: string | undefined;
}

/** `tsift init` data. */
export interface InitReport {
  /** The directory initialised, as a command run from the working directory would name it. */
  target: string;
  /** The path as given, when resolution moved it (a file, a nested directory, a submodule). */
  resolved_from: string | null;
  changes: InitChange[];
  changed: boolean;
}

/** `tsift init [path]`: resolve the owning repo (or workspace) root, then apply the init plan there. */
export function initProject(options: InitProjectOptions = {}): { root: string; report: InitReport } {
  const cwd = projectCwd(options);
  const typed = options.path ?? ".";
  const workspace = options.workspace === true;
  const root = resolveInitTarget(resolve(cwd, typed), workspace);
  const changes = applyInit(root, {
    claude: options.claude === true,
    codex: options.codex === true,
    opencode: options.opencode === true,
    workspace,
    launcher: tsiftLauncher(root, options.launcher),
  });
  return {
    root,
    report: {
      target: pathArg(cwd, root),
      resolved_from: resolve(cwd, typed) === root ? null : typed,
      changes,
      changed: changes.some((change) => change.action !== "unchanged"),
    },
  };
}
