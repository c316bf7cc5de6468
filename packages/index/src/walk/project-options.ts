/** Where a use case runs: what a CLI command takes from its working directory and `--path` / `--scope`. */
export interface ProjectOptions {
  /** Directory relative paths resolve from, and suggested commands are spelled for; default `process.cwd()`. */
  cwd?: string | undefined;
  /** The project directory or a path inside it (the nearest ancestor owning `.tsift/` is used); default `.`. */
  path?: string | undefined;
  /** A workspace scope (submodule) id; default: the scope `path` lies in, if any. */
  scope?: string | undefined;
}

export const projectCwd = (options: ProjectOptions): string => options.cwd ?? process.cwd();
