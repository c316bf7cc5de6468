/**
 * Options of the index-reading commands that have a fast path (`graph`, `explain`,
 * `path`, `communities`, `analyze`, `symbols`), as plain data: the yargs builders are
 * made from it, and `parseReadArgv` reads a plain invocation without yargs (whose import
 * alone costs more than one of these queries). Import-free, like the catalog.
 */
import { parsePlainArgv } from "../plain-argv";

export interface ReadOption {
  name: string;
  type: "string" | "number" | "boolean" | "array";
  alias?: string;
  default?: string | number | boolean;
  choices?: readonly string[];
  describe: string;
}

export interface ReadPositional {
  name: string;
  describe: string;
}

export interface ReadCommandOptions {
  positionals: readonly ReadPositional[];
  options: readonly ReadOption[];
}

const PATH: ReadOption = { name: "path", alias: "p", type: "string", describe: "project directory or a path inside it (default: .; also accepted as the last positional)" };
const SCOPE: ReadOption = { name: "scope", alias: "submodule", type: "string", describe: "workspace scope whose index to read" };
const PATH_POSITIONAL: ReadPositional = { name: "dir", describe: "project directory or a path inside it (default: .)" };
const SYMBOL: ReadPositional = { name: "symbol", describe: "name, Class.method, file:line, or a gsym-* handle" };
/** Shared with `previewOptions` in command-meta.ts (the yargs side). */
export const BUDGET_OPTIONS: readonly ReadOption[] = [
  { name: "budget", type: "string", choices: ["small", "normal", "deep", "auto"], describe: "preview preset: small 3 items/120 B, normal 5/160, deep 10/240, auto from the context-window env" },
  { name: "max-items", type: "number", describe: "preview: at most N items per list, each with a handle and an expand command" },
  { name: "max-bytes", type: "number", describe: "preview: cut long fields to N bytes with …" },
];

export const READ_COMMAND_OPTIONS = {
  graph: {
    positionals: [SYMBOL, PATH_POSITIONAL],
    options: [
      { name: "callers", type: "boolean", describe: "only the call sites that call the symbol" },
      { name: "callees", type: "boolean", describe: "only the calls the symbol makes" },
      { name: "limit", alias: "l", type: "number", default: 20, describe: "call sites per direction (0 = all)" },
      PATH,
      SCOPE,
    ],
  },
  explain: {
    positionals: [SYMBOL, PATH_POSITIONAL],
    options: [{ name: "limit", alias: "l", type: "number", default: 15, describe: "callers, callees and community members each (0 = all)" }, PATH, SCOPE, ...BUDGET_OPTIONS],
  },
  path: {
    positionals: [
      { name: "from", describe: "first symbol: name, Class.method, file:line, or a gsym-* handle" },
      { name: "to", describe: "second symbol, same forms" },
      PATH_POSITIONAL,
    ],
    options: [PATH, SCOPE],
  },
  communities: {
    positionals: [PATH_POSITIONAL],
    options: [
      { name: "min-size", type: "number", default: 2, describe: "hide communities with fewer members" },
      { name: "limit", alias: "l", type: "number", default: 10, describe: "communities shown (0 = all)" },
      PATH,
      SCOPE,
    ],
  },
  analyze: {
    positionals: [PATH_POSITIONAL],
    options: [
      { name: "entry", type: "array", describe: "entry point for dead code (repeatable; default: inferred main/exports/tests/routes)" },
      { name: "limit", alias: "l", type: "number", default: 20, describe: "rows per list (0 = all)" },
      PATH,
      SCOPE,
    ],
  },
  symbols: {
    positionals: [{ name: "name", describe: "symbol name or Class.method; omit to list all" }],
    options: [
      { name: "kind", type: "string", describe: "only this kind (function, method, class, …)" },
      { name: "file", type: "string", describe: "only this file, directory or glob (root-relative)" },
      { name: "lang", type: "string", describe: "only this language (rust, python, typescript, …)" },
      { name: "limit", alias: "l", type: "number", default: 20, describe: "rows to show (0 = all)" },
      { ...PATH, default: ".", describe: "project directory or a path inside it" },
      SCOPE,
      ...BUDGET_OPTIONS,
    ],
  },
} as const satisfies Record<string, ReadCommandOptions>;

export type ReadCommandName = keyof typeof READ_COMMAND_OPTIONS;

export function isReadCommand(name: string | undefined): name is ReadCommandName {
  return name !== undefined && Object.hasOwn(READ_COMMAND_OPTIONS, name);
}

/** Parsed arguments, keyed as yargs keys them (option names with dashes, positionals by name). */
export type ReadArgs = Record<string, string | number | boolean | string[] | undefined>;

/**
 * Reads the arguments after a read command's name when they form a plain invocation:
 * known options (long, `--name=value`, or their one-letter aliases), each non-repeatable
 * one at most once, global output switches, and no more positionals than declared.
 * Anything else — help, unknown options, `--`, a missing required positional, a value
 * that is not a number — is undefined, and the caller hands the whole command line to
 * yargs, which reports usage errors as it always does.
 */
export function parseReadArgv(command: ReadCommandName, argv: readonly string[]): ReadArgs | undefined {
  const { options, positionals } = READ_COMMAND_OPTIONS[command];
  const required = positionals.filter((positional) => positional.name !== "dir" && positional.name !== "name").length;
  return parsePlainArgv(
    options,
    positionals.map((positional) => positional.name),
    argv,
    required,
  );
}
