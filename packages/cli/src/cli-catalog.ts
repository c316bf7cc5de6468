/**
 * The command line's shape: the command definitions (one file each under commands/), the
 * output switches every command accepts, and the usage line. yargs, the fast parser, the
 * usage checks, `--help`, completions and the docs/commands pages all read these, so adding a
 * command is adding its file: `command-definitions.generated.ts` lists every file in
 * commands/ by its `helpOrder` (tools/generate-registries.mjs writes it before every build,
 * typecheck and test run). It imports definitions only; each `run` imports its use case.
 */
import { COMMAND_DEFINITIONS } from "./command-definitions.generated";
import { commandUsage } from "./definition/define-command";

/** Every command, in registration (and help) order. */
export { COMMAND_DEFINITIONS };

/** Output-mode flags every command accepts (all boolean, usable before or after the command): their one table. */
export { GLOBAL_OPTIONS } from "./definition/global-options";

/** yargs' own help and version switches, as it prints them. */
export const BUILTIN_OPTIONS = {
  version: { name: "version", alias: "V", describe: "Show version number" },
  help: { name: "help", alias: "h", describe: "Show help" },
} as const;

export interface CommandEntry {
  /** Name plus positionals, as `--help` prints them. */
  command: string;
  describe: string;
  readsIndex?: boolean;
}

/** The catalog as `status` and `source-read` read it: usage, summary and whether a command reads the index. */
export const COMMANDS: Readonly<Record<string, CommandEntry>> = Object.fromEntries(
  COMMAND_DEFINITIONS.map((definition) => [
    definition.name,
    { command: commandUsage(definition), describe: definition.summary, ...(definition.readsIndex ? { readsIndex: true } : {}) },
  ]),
);

export type CommandName = string;

export const USAGE = "tsift <command> [options]\n\nToken-efficient, AST-aware code navigation for coding agents.";

/** yargs wraps help at the terminal width, capped at 100 columns. */
export function helpWidth(columns: number | undefined): number {
  return Math.min(100, columns || 100);
}
