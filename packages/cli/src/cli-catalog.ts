/**
 * The command line's shape as plain data: global options and top-level commands, in the
 * order yargs registers them. Both the yargs parser and the fast `--help` path read
 * this module, so it must stay free of imports: `tsift --help` loads nothing else.
 */

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
  /** yargs command string: name plus positionals. */
  command: string;
  describe: string;
  /** Reads the code index: `tsift status` lists it under `use:` when an index exists. */
  readsIndex?: boolean;
}

/** Top-level commands in registration (and help) order. */
export const COMMANDS = {
  status: { command: "status [path]", describe: "session health check: index freshness, instructions, what to use and run next" },
  init: { command: "init [path]", describe: "add the Code Navigation section to AGENTS.md (and CLAUDE.md), .tsift/ to .gitignore" },
  index: { command: "index [path]", describe: "build or update the symbol index (.tsift/index.db)" },
  symbols: { command: "symbols [name]", describe: "list indexed symbols: exact, case-insensitive, prefix, then fuzzy matches", readsIndex: true },
  "source-read": { command: "source-read <file>", describe: "bounded, line-numbered window of a source file with symbol refs", readsIndex: true },
  search: { command: "search <query>", describe: "ranked code search: AST symbols plus BM25/exact/hybrid chunk hits, kept fresh", readsIndex: true },
  related: { command: "related <target>", describe: "code similar to a chunk (file:line or a search handle), same language first", readsIndex: true },
  graph: { command: "graph <symbol> [dir]", describe: "callers and callees of a symbol by resolved call target (name, Class.method, file:line or gsym-*)", readsIndex: true },
  explain: { command: "explain <symbol> [dir]", describe: "one symbol in full: definition, callers, callees, community, PageRank, complexity", readsIndex: true },
  path: { command: "path <from> <to> [dir]", describe: "shortest chain of calls between two symbols, in either direction", readsIndex: true },
  communities: { command: "communities [dir]", describe: "Louvain communities of the call graph: the code's subsystems, largest first", readsIndex: true },
  analyze: { command: "analyze [dir]", describe: "call-graph health: cycles (SCC), dead code from entry points, coupling between directories", readsIndex: true },
  locks: { command: "locks [path]", describe: "writer lock holders and WAL/SHM/journal state of the tsift databases" },
  "graph-db": { command: "graph-db <command>", describe: "query and maintain the provider-neutral graph store (graph.db)" },
  "convex-sync": { command: "convex-sync [path]", describe: "plan (or --apply) the ordered, idempotent Convex sync of the local graph projection" },
  traverse: { command: "traverse [node]", describe: "graph slice around a node, a path between two, or an overview: text, JSON or one HTML file", readsIndex: true },
} as const satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

export const USAGE = "tsift <command> [options]\n\nToken-efficient, AST-aware code navigation for coding agents.";

/** yargs wraps help at the terminal width, capped at 100 columns. */
export function helpWidth(columns: number | undefined): number {
  return Math.min(100, columns || 100);
}
