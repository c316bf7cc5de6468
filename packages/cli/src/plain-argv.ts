/**
 * A strict reader for plain command lines, so hot read commands can skip the yargs
 * import (which alone costs more than their query). It accepts only what it can read
 * exactly as yargs would and answers undefined for anything else — help, unknown
 * options, `--`, `--no-x`, a bad number, a value that could be a greedy array's second
 * element — so the caller hands that command line to yargs, which parses or reports it
 * as always. Import-free.
 */
import { GLOBAL_OPTIONS } from "./cli-catalog";

export interface PlainOption {
  name: string;
  type: "string" | "number" | "boolean" | "array";
  alias?: string;
  default?: string | number | boolean;
  choices?: readonly string[];
}

/** Parsed arguments keyed as yargs keys them: option names with dashes, positionals by name. */
export type PlainArgs = Record<string, string | number | boolean | string[] | undefined>;

/** `requiredPositionals` (default: all of them) may be fewer than the names: the rest are optional, filled in order. */
export function parsePlainArgv(
  options: readonly PlainOption[],
  positionalNames: readonly string[],
  argv: readonly string[],
  requiredPositionals: number = positionalNames.length,
): PlainArgs | undefined {
  const byFlag = new Map<string, PlainOption>();
  for (const option of options) {
    byFlag.set(`--${option.name}`, option);
    if (option.alias) byFlag.set(option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`, option);
  }
  for (const global of GLOBAL_OPTIONS) byFlag.set(`--${global.name}`, { name: global.name, type: "boolean" });
  const args: PlainArgs = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("-") || token === "-") {
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    const flag = eq > 0 && token.startsWith("--") ? token.slice(0, eq) : token;
    const option = byFlag.get(flag);
    if (!option) return undefined;
    if (option.type === "boolean") {
      if (eq > 0 || args[option.name] !== undefined) return undefined;
      args[option.name] = true;
      continue;
    }
    const value = eq > 0 ? token.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith("-") && !/^-\d/.test(value))) return undefined;
    if (option.type === "array") {
      // yargs arrays are greedy: `--edge-kind calls x` would take `x` too. Leave that to yargs.
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith("-")) return undefined;
      const list = (args[option.name] as string[] | undefined) ?? [];
      list.push(value);
      args[option.name] = list;
      continue;
    }
    if (args[option.name] !== undefined) return undefined;
    if (option.type === "number") {
      if (value.trim() === "" || !Number.isFinite(Number(value))) return undefined;
      args[option.name] = Number(value);
    } else {
      if (option.choices && !option.choices.includes(value)) return undefined;
      args[option.name] = value;
    }
  }
  if (positionals.length < requiredPositionals || positionals.length > positionalNames.length) return undefined;
  positionals.forEach((value, index) => (args[positionalNames[index]!] = value));
  for (const option of options) if (args[option.name] === undefined && option.default !== undefined) args[option.name] = option.default;
  return args;
}
