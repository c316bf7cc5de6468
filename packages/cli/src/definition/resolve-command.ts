/**
 * Finds which definition a command line addresses — the command word (after any leading
 * output switches) and, for a group, its subcommand word — and the option table that
 * applies there. Shared by the fast parser and the usage checks. Import-free apart from
 * the catalog.
 */
import { COMMAND_DEFINITIONS } from "../cli-catalog";
import type { AnyCommand, AnyDefinition, CommandGroup, OptionDefinition } from "./define-command";
import { GLOBAL_OPTIONS } from "./global-options";

export interface ResolvedCommand {
  /** `["search"]`, `["graph-db", "status"]`. */
  readonly words: readonly string[];
  readonly command: AnyCommand;
  /** The group's options, then the command's own. */
  readonly options: readonly OptionDefinition[];
  /** The command line without its command words. */
  readonly rest: readonly string[];
}

/** What is at the command words: a command, or where resolution stopped and why. */
export type Resolution =
  | { readonly kind: "command"; readonly resolved: ResolvedCommand }
  | { readonly kind: "no-command" }
  | { readonly kind: "unknown-command"; readonly word: string; readonly group?: CommandGroup }
  | { readonly kind: "no-subcommand"; readonly group: CommandGroup }
  | { readonly kind: "unreadable" };

export function findDefinition(name: string | undefined): AnyDefinition | undefined {
  return COMMAND_DEFINITIONS.find((definition) => definition.name === name);
}

/** The flag spellings of an option table: `--name`, `--alias` or `-a`. */
export function flagMap(options: readonly OptionDefinition[]): Map<string, OptionDefinition> {
  const byFlag = new Map<string, OptionDefinition>();
  for (const option of options) {
    byFlag.set(`--${option.name}`, option);
    if (option.alias) byFlag.set(option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`, option);
  }
  return byFlag;
}

/**
 * Index of the first word of `argv` that is not an option or an option's value, reading
 * `options` to know which flags take a value; -1 when there is none, or undefined when
 * an unknown flag makes that impossible to tell.
 */
function firstWord(argv: readonly string[], options: readonly OptionDefinition[]): number | undefined {
  const byFlag = flagMap(options);
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") return undefined;
    if (!token.startsWith("-") || token === "-") return i;
    const flag = token.includes("=") ? token.slice(0, token.indexOf("=")) : token;
    const option = byFlag.get(flag);
    if (!option) return undefined;
    if (option.type !== "boolean" && !token.includes("=")) i++;
  }
  return -1;
}

export function resolveCommand(argv: readonly string[]): Resolution {
  const at = firstWord(argv, GLOBAL_OPTIONS);
  if (at === undefined) return { kind: "unreadable" };
  if (at < 0) return { kind: "no-command" };
  const word = argv[at]!;
  const definition = findDefinition(word);
  if (!definition) return { kind: "unknown-command", word };
  const afterName = [...argv.slice(0, at), ...argv.slice(at + 1)];
  if (definition.kind === "command") return { kind: "command", resolved: { words: [word], command: definition, options: definition.options, rest: afterName } };
  // A group's options may come before its subcommand word: skip them (and their values).
  const subAt = firstWord(afterName, [...GLOBAL_OPTIONS, ...definition.options]);
  if (subAt === undefined) return { kind: "unreadable" };
  if (subAt < 0) return { kind: "no-subcommand", group: definition };
  const subWord = afterName[subAt]!;
  const command = definition.subcommands.find((sub) => sub.name === subWord);
  if (!command) return { kind: "unknown-command", word: subWord, group: definition };
  return {
    kind: "command",
    resolved: {
      words: [word, subWord],
      command,
      options: [...definition.options, ...command.options],
      rest: [...afterName.slice(0, subAt), ...afterName.slice(subAt + 1)],
    },
  };
}
