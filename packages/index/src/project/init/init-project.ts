import { resolve } from "node:path";
import { pathArg } from "../command-place";
import { projectCwd } from "../project-options";
import { applyInit, type InitChange, type InitOptions } from "./apply-init";
import { resolveInitTarget } from "./init-target";

export interface InitProjectOptions extends Partial<InitOptions> {
  cwd?: string | undefined;
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
  const changes = applyInit(root, { claude: options.claude === true, codex: options.codex === true, opencode: options.opencode === true, workspace });
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
