/**
 * The options of `tsift search` and `tsift related` as plain data: the yargs builders
 * (search.command.ts, related.command.ts) are made from these tables, and the fast path
 * (search-fast-path.ts) reads a plain invocation with them without loading yargs, whose
 * import costs more than a lexical search. One table per command, so the two parsers
 * cannot drift; the flags are validated and shaped by the same functions on both paths.
 * Import-free apart from the plain parser, the catalog and error types.
 */
import { TsiftError } from "@tsift/core";
import { BUDGET_OPTIONS } from "../graph-cmd/read-command-options";
import type { BudgetChoice } from "@tsift/digest";
import { parsePlainArgv, type PlainArgs, type PlainOption } from "../plain-argv";
import type { RelatedFlags } from "./run-related";
import type { SearchFlags } from "./run-search";

export interface SearchCommandOption extends PlainOption {
  describe: string;
}

export interface SearchCommandSpec {
  positional: { name: string; describe: string };
  options: readonly SearchCommandOption[];
}

export const SEARCH_OPTIONS: SearchCommandSpec = {
  positional: { name: "query", describe: "words, an identifier, a path or a literal" },
  options: [
    ...BUDGET_OPTIONS,
    { name: "path", alias: "p", type: "string", describe: "project directory, or a directory/file inside it to search only there (default: .)" },
    { name: "limit", alias: "l", type: "number", default: 10, describe: "symbols and hits to return" },
    { name: "strategy", alias: "s", type: "string", choices: ["lexical", "exact", "hybrid", "semantic"], describe: "ranking (default: lexical; exact for one identifier- or path-like token)" },
    { name: "exact", type: "boolean", default: false, describe: "literal search (ripgrep -F when installed); works without an index" },
    { name: "scope", alias: "submodule", type: "string", describe: "search one workspace scope's index" },
    { name: "federated", type: "boolean", default: false, describe: "search every federated workspace scope" },
    { name: "autoindex", type: "boolean", default: true, describe: "refresh a stale or missing index first (--no-autoindex: exit 4 instead)" },
    { name: "timeout", type: "number", default: 30, describe: "seconds before the search is stopped (0 = none, in-process)" },
    { name: "lang", type: "array", describe: "only these languages (repeatable)" },
    { name: "kind", type: "array", describe: "only chunks/symbols of these kinds: function, class, … (repeatable)" },
    { name: "alpha", type: "number", describe: "hybrid: dense weight 0..1 (default: from the query's shape)" },
    { name: "model", type: "string", describe: "hybrid/semantic: local Model2Vec directory (tokenizer.json + model.safetensors); never downloads" },
  ],
};

export const RELATED_OPTIONS: SearchCommandSpec = {
  positional: { name: "target", describe: "file:line (root-relative), or an shit-* handle from a search preview" },
  options: [
    ...BUDGET_OPTIONS,
    { name: "path", alias: "p", type: "string", describe: "project directory or a path inside it (default: .)" },
    { name: "limit", alias: "l", type: "number", default: 10, describe: "related chunks to return" },
    { name: "scope", alias: "submodule", type: "string", describe: "workspace scope whose index to use" },
    { name: "model", type: "string", describe: "local Model2Vec directory (default: the built-in tsift-hash-v1 encoder)" },
  ],
};

/** Parsed arguments as yargs keys them (option names with dashes, the positional by name). */
export type SearchArgs = PlainArgs;

/**
 * Reads the arguments after `search`/`related` when they are a plain invocation, else
 * undefined (the caller hands the command line to yargs). Beyond the plain parser, a
 * lone `--no-<boolean>` (yargs' negation, as in `--no-autoindex`) is read as false when
 * the option is not also given positively and the token is not some option's value.
 */
export function parseSearchArgv(spec: SearchCommandSpec, argv: readonly string[]): SearchArgs | undefined {
  const negated: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const name = token.startsWith("--no-") ? token.slice(5) : null;
    const option = name !== null ? spec.options.find((candidate) => candidate.name === name && candidate.type === "boolean") : undefined;
    if (!option) {
      rest.push(token);
      continue;
    }
    const previous = argv[i - 1];
    const takesValue = previous !== undefined && !previous.includes("=") && spec.options.some((candidate) => candidate.type !== "boolean" && isFlagOf(previous, candidate));
    if (takesValue || negated.includes(option.name) || argv.some((other) => isFlagOf(other, option) || other.startsWith(`--${option.name}=`))) return undefined;
    negated.push(option.name);
  }
  const args = parsePlainArgv(spec.options, [spec.positional.name], rest);
  if (!args) return undefined;
  for (const name of negated) args[name] = false;
  return args;
}

function isFlagOf(token: string, option: PlainOption): boolean {
  if (token === `--${option.name}`) return true;
  return option.alias !== undefined && token === (option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`);
}

/**
 * The yargs option definition of one table entry. An option with choices is declared by
 * its choices alone, as these commands always declared them (the help shows no `[string]`).
 */
export function yargsOption(option: SearchCommandOption) {
  return {
    ...(option.choices === undefined ? { type: option.type } : {}),
    describe: option.describe,
    ...(option.alias !== undefined ? { alias: option.alias } : {}),
    ...(option.default !== undefined ? { default: option.default } : {}),
    ...(option.choices !== undefined ? { choices: option.choices } : {}),
    ...(option.type === "array" ? { string: true } : {}),
  };
}

const optionalNumber = (value: unknown): number | undefined => (value === undefined ? undefined : Number(value));
const optionalString = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

/** Validates parsed `search` arguments (from either parser) into the runner's flags. */
export function searchFlags(args: Readonly<Record<string, unknown>>): SearchFlags {
  const limit = Number(args.limit);
  const timeout = Number(args.timeout);
  const alpha = optionalNumber(args.alpha);
  if (!Number.isInteger(limit) || limit < 0) throw new TsiftError("usage", `--limit must be a whole number, got ${String(args.limit)}`, { hint: "tsift search --help" });
  if (!Number.isFinite(timeout) || timeout < 0) throw new TsiftError("usage", `--timeout must be seconds >= 0, got ${String(args.timeout)}`, { hint: "tsift search --help" });
  if (alpha !== undefined && !(alpha >= 0 && alpha <= 1)) throw new TsiftError("usage", `--alpha must be between 0 and 1, got ${String(args.alpha)}`, { hint: "tsift search --help" });
  const path = optionalString(args.path);
  const strategy = optionalString(args.strategy) as SearchFlags["strategy"];
  const scope = optionalString(args.scope);
  const model = optionalString(args.model);
  return {
    query: String(args.query),
    ...(path !== undefined ? { path } : {}),
    limit,
    ...(strategy !== undefined ? { strategy } : {}),
    exact: args.exact === true,
    ...(scope !== undefined ? { scope } : {}),
    federated: args.federated === true,
    autoindex: args.autoindex !== false,
    timeout,
    languages: list(args.lang),
    kinds: list(args.kind),
    ...(alpha !== undefined ? { alpha } : {}),
    ...(model !== undefined ? { model } : {}),
    budget: { budget: args.budget as BudgetChoice | undefined, maxItems: optionalNumber(args["max-items"]), maxBytes: optionalNumber(args["max-bytes"]) },
    envelope: args.envelope === true,
  };
}

/** Validates parsed `related` arguments (from either parser) into the runner's flags. */
export function relatedFlags(args: Readonly<Record<string, unknown>>): RelatedFlags {
  const limit = Number(args.limit);
  if (!Number.isInteger(limit) || limit < 0) throw new TsiftError("usage", `--limit must be a whole number, got ${String(args.limit)}`, { hint: "tsift related --help" });
  const path = optionalString(args.path);
  const scope = optionalString(args.scope);
  const model = optionalString(args.model);
  return {
    target: String(args.target),
    ...(path !== undefined ? { path } : {}),
    limit,
    ...(scope !== undefined ? { scope } : {}),
    ...(model !== undefined ? { model } : {}),
  };
}
