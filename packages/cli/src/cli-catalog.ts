/**
 * The command line's shape: the list of command definitions (one file each under
 * commands/), the output switches every command accepts, and the usage line. yargs, the
 * fast parser, the usage checks, `--help`, completions and the README tables all read
 * this list, so adding a command is one file plus one line here.
 */
import { analyze } from "./commands/analyze";
import { communities } from "./commands/communities";
import { completion } from "./commands/completion";
import { convexSync } from "./commands/convex-sync";
import { explain } from "./commands/explain";
import { graph } from "./commands/graph";
import { graphDb } from "./commands/graph-db";
import { index } from "./commands/index";
import { init } from "./commands/init";
import { locks } from "./commands/locks";
import { path } from "./commands/path";
import { related } from "./commands/related";
import { search } from "./commands/search";
import { sourceRead } from "./commands/source-read";
import { status } from "./commands/status";
import { symbols } from "./commands/symbols";
import { traverse } from "./commands/traverse";
import { commandUsage, type AnyDefinition } from "./definition/define-command";

/** Every command, in registration (and help) order. */
export const COMMAND_DEFINITIONS: readonly AnyDefinition[] = [
  status,
  init,
  index,
  symbols,
  sourceRead,
  search,
  related,
  graph,
  explain,
  path,
  communities,
  analyze,
  locks,
  graphDb,
  convexSync,
  traverse,
  completion,
];

export interface GlobalOptionEntry {
  name: string;
  describe: string;
}

/** Output-mode flags every command accepts (all boolean, usable before or after the command). */
export const GLOBAL_OPTIONS: readonly GlobalOptionEntry[] = [
  { name: "json", describe: "compact single-line JSON on stdout" },
  { name: "pretty", describe: "indented JSON (implies --json)" },
  { name: "terse", describe: 'JSON with short keys under {"_s": key map, "d": data} (implies --json)' },
  { name: "schema", describe: "JSON with lists of same-keyed objects as {_c: columns, _r: rows} (implies --json)" },
  { name: "tabular", describe: "TSV tables with a header row for list output" },
  { name: "compact", describe: "denser human output with abbreviated labels" },
  { name: "absolute", describe: "absolute paths (default: relative to the project root)" },
  { name: "envelope", describe: "JSON {tool, view, summary, truncated, follow_up, report}; previews use --budget auto" },
];

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
