/**
 * The yargs-free parser: reads a command line against the same definition tables yargs
 * is built from, so hot commands skip the yargs import (which alone costs more than
 * their query). It accepts only what it can read exactly as yargs would and answers
 * undefined for anything else — help, unknown options, a bad number or choice, a
 * repeated option, a value that could be a greedy array's next element, a missing or
 * extra positional — and the caller hands that command line to the usage checks and
 * yargs. After `--` every word is a positional, as `end-of-options.ts` makes yargs read
 * it too. `test/parse-both-ways.test.ts` checks both parsers agree on every option of
 * every definition, and on `--`.
 */
import type { OptionDefinition, ParsedArgs } from "./define-command";
import { GLOBAL_OPTIONS } from "./global-options";
import { flagMap, resolveCommand, type ResolvedCommand } from "./resolve-command";

export interface ParsedCommandLine {
  readonly resolved: ResolvedCommand;
  readonly args: ParsedArgs;
}

/** Plain decimal numbers only: anything yargs might read differently (hex, exponents, blanks) goes to yargs. */
const NUMBER = /^-?\d+(\.\d+)?$/;

export function parseArgv(argv: readonly string[]): ParsedCommandLine | undefined {
  const resolution = resolveCommand(argv);
  if (resolution.kind !== "command") return undefined;
  const { resolved } = resolution;
  const parsed = parseOptions([...resolved.options, ...GLOBAL_OPTIONS], resolved.rest);
  if (!parsed) return undefined;
  const { args, given } = parsed;
  const { positionals } = resolved.command;
  const required = positionals.filter((positional) => positional.required).length;
  const variadic = positionals.at(-1)?.variadic === true;
  if (given.length < required || (!variadic && given.length > positionals.length)) return undefined;
  given.forEach((value, at) => {
    if (variadic && at >= positionals.length - 1) ((args[positionals.at(-1)!.name] ??= []) as string[]).push(value);
    else args[positionals[at]!.name] = value;
  });
  for (const option of resolved.options) {
    if (args[option.name] === undefined && option.default !== undefined)
      args[option.name] = Array.isArray(option.default) ? [...(option.default as readonly string[])] : (option.default as string | number | boolean);
  }
  return { resolved, args };
}

function parseOptions(options: readonly OptionDefinition[], argv: readonly string[]): { args: ParsedArgs; given: string[] } | undefined {
  const byFlag = flagMap(options);
  const args: ParsedArgs = {};
  const given: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") {
      given.push(...argv.slice(i + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      given.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    const flag = eq > 0 && token.startsWith("--") ? token.slice(0, eq) : token;
    const negated = flag.startsWith("--no-") ? byFlag.get(`--${flag.slice(5)}`) : undefined;
    if (negated && eq < 0 && negated.type === "boolean" && !byFlag.has(flag)) {
      if (args[negated.name] !== undefined) return undefined;
      args[negated.name] = false;
      continue;
    }
    const option = byFlag.get(flag);
    if (!option) return undefined;
    if (option.type === "boolean") {
      if (eq > 0 || args[option.name] !== undefined) return undefined;
      args[option.name] = true;
      continue;
    }
    const value = eq > 0 ? token.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith("-") && !NUMBER.test(value))) return undefined;
    if (option.type === "array") {
      // yargs arrays are greedy: `--entry a b` takes `b` too. Leave that to yargs.
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith("-")) return undefined;
      const list = (args[option.name] as string[] | undefined) ?? [];
      list.push(value);
      args[option.name] = list;
      continue;
    }
    if (args[option.name] !== undefined) return undefined;
    if (option.type === "number") {
      if (!NUMBER.test(value)) return undefined;
      args[option.name] = Number(value);
    } else {
      if (option.choices && !option.choices.includes(value)) return undefined;
      args[option.name] = value;
    }
  }
  return { args, given };
}
