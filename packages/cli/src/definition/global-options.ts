/**
 * The output switches every command accepts, before or after its words: the one table
 * yargs, the fast parser, the usage checks, `--help`, completions, the docs pages, the
 * output pipeline and `rewrite`'s forwarding all read. Import-free.
 */
import type { OptionDefinition } from "./define-command";
import { kebabCase, type CliOptions } from "./option-table";

/** The output switches as a command's `run` receives them (absent unless given). */
export type GlobalArgs = {
  readonly json?: boolean;
  readonly pretty?: boolean;
  readonly terse?: boolean;
  readonly schema?: boolean;
  readonly tabular?: boolean;
  readonly compact?: boolean;
  readonly absolute?: boolean;
  readonly envelope?: boolean;
};

const TABLE: CliOptions<GlobalArgs> = {
  json: { type: "boolean", description: "compact single-line JSON on stdout" },
  pretty: { type: "boolean", description: "indented JSON (implies --json)" },
  terse: { type: "boolean", description: 'JSON with short keys under {"_s": key map, "d": data} (implies --json)' },
  schema: { type: "boolean", description: "JSON with lists of same-keyed objects as {_c: columns, _r: rows} (implies --json)" },
  tabular: { type: "boolean", description: "TSV tables with a header row for list output" },
  compact: { type: "boolean", description: "denser human output with abbreviated labels" },
  absolute: { type: "boolean", description: "absolute paths (default: relative to the project root)" },
  envelope: { type: "boolean", description: "JSON {tool, view, summary, truncated, follow_up, report}; previews use --budget auto" },
};

/** The output switches, in help order (all boolean, no defaults: absent unless given). */
export const GLOBAL_OPTIONS: readonly OptionDefinition[] = Object.entries(TABLE).map(([key, spec]) => ({ ...spec, key, name: kebabCase(key) }));

/** The names of the output switches, as `GlobalArgs` keys. */
export const GLOBAL_OPTION_KEYS = Object.keys(TABLE) as readonly (keyof GlobalArgs)[];
