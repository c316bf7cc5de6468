/**
 * The shape of a command definition: everything about one command — its words, its
 * option table, its examples and what it runs — in one object. The yargs parser, the
 * yargs-free fast parser, the usage checks, `--help`, shell completions and the
 * docs/commands pages are all made from these objects, so an option is written exactly once.
 * Import-free: the fast path and `tsift --help` load every definition.
 */
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";

export type OptionType = "string" | "number" | "boolean" | "array";

export interface OptionDefinition {
  readonly name: string;
  readonly type: OptionType;
  /** One letter (`-l`) or a second long name (`--submodule`). */
  readonly alias?: string;
  readonly default?: string | number | boolean | readonly string[];
  readonly choices?: readonly string[];
  /** Number options only: the value must be a whole number >= min (one message for every command). */
  readonly min?: number;
  readonly description: string;
  /** The option makes a read-only command write into the project (`status --fix`): never offered over MCP. */
  readonly writes?: true;
}

export interface PositionalDefinition {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  /** The last positional only: it takes every remaining word, as a list (`tsift run -- <command...>`). */
  readonly variadic?: boolean;
}

export interface Example {
  readonly command: string;
  readonly description: string;
}

type OptionValue<O extends OptionDefinition> = O extends { readonly choices: readonly (infer C)[] }
  ? C
  : O["type"] extends "number"
    ? number
    : O["type"] extends "boolean"
      ? boolean
      : O["type"] extends "array"
        ? string[]
        : string;

type OptionArgs<O extends readonly OptionDefinition[]> = {
  readonly [K in O[number] as K["name"]]: K extends { readonly default: unknown } ? OptionValue<K> : OptionValue<K> | undefined;
};

type PositionalArgs<P extends readonly PositionalDefinition[]> = {
  readonly [K in P[number] as K["name"]]: K extends { readonly variadic: true }
    ? string[]
    : K extends { readonly required: true }
      ? string
      : string | undefined;
};

/** The global output switches every command accepts (see cli-catalog.ts). */
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

/** A command's parsed arguments, typed from its tables: keys as on the command line (`max-items`). */
export type CommandArgs<O extends readonly OptionDefinition[], P extends readonly PositionalDefinition[]> = OptionArgs<O> & PositionalArgs<P> & GlobalArgs;

/** Parsed arguments of any command, as both parsers produce them. */
export type ParsedArgs = Record<string, string | number | boolean | string[] | undefined>;

interface DefinitionBase {
  readonly name: string;
  /** One line, shown in `tsift --help`, the README's command table and the command's docs page. */
  readonly summary: string;
  /** A command file's place in `tsift --help` (commands are listed by it, ascending); subcommands keep their group's order. */
  readonly helpOrder?: number;
  readonly examples: readonly Example[];
  /** Reads the code index: `tsift status` lists it under `use:` when an index exists. */
  readonly readsIndex?: boolean;
  /**
   * Writes nothing in the project (options marked `writes` aside; an index refresh is
   * refused under `runReadOnly`): only such commands are served by `tsift mcp`, as tools
   * or through `expand`.
   */
  readonly readOnly?: true;
}

export interface CommandDefinition<
  O extends readonly OptionDefinition[] = readonly OptionDefinition[],
  P extends readonly PositionalDefinition[] = readonly PositionalDefinition[],
> extends DefinitionBase {
  readonly kind: "command";
  readonly positionals: P;
  readonly options: O;
  /** Calls the command's use case and returns its result; heavy code is imported inside. */
  run(args: CommandArgs<O, P>, io: CliIo): Promise<CommandResult>;
}

/** A command whose first positional picks one of its subcommands (`graph-db status`); its options apply to all of them. */
export interface CommandGroup extends DefinitionBase {
  readonly kind: "group";
  readonly options: readonly OptionDefinition[];
  readonly subcommands: readonly AnyCommand[];
}

/** A definition with its argument types erased, as the parsers and renderers see it. */
export interface AnyCommand extends DefinitionBase {
  readonly kind: "command";
  readonly positionals: readonly PositionalDefinition[];
  readonly options: readonly OptionDefinition[];
  run(args: ParsedArgs, io: CliIo): Promise<CommandResult>;
}

export type AnyDefinition = AnyCommand | CommandGroup;

/**
 * Declares a command; `run` receives arguments typed from the option and positional
 * tables (`const` inference keeps their literal names and types).
 */
export function defineCommand<const O extends readonly OptionDefinition[], const P extends readonly PositionalDefinition[]>(
  definition: Omit<CommandDefinition<O, P>, "kind">,
): AnyCommand {
  return { kind: "command", ...definition } as unknown as AnyCommand;
}

/**
 * Declares subcommands that also receive the group's options (`parent`), typed as if
 * each subcommand declared them itself; the group lists them in its own table only.
 */
export function defineSubcommand<const G extends readonly OptionDefinition[]>(_parent: G) {
  return <const O extends readonly OptionDefinition[], const P extends readonly PositionalDefinition[]>(
    definition: Omit<CommandDefinition<O, P>, "kind" | "run"> & { run(args: CommandArgs<[...G, ...O], P>, io: CliIo): Promise<CommandResult> },
  ): AnyCommand => ({ kind: "command", ...definition }) as unknown as AnyCommand;
}

export function defineGroup(definition: Omit<CommandGroup, "kind">): CommandGroup {
  return { kind: "group", ...definition };
}

/** The usage words after the name: `<query> [dir]`. */
export function positionalUsage(positionals: readonly PositionalDefinition[]): string {
  return positionals.map(positionalWord).join(" ");
}

/** `<name>`, `[name]`, or `<name...>` for a variadic one. */
export function positionalWord(positional: PositionalDefinition): string {
  const name = positional.variadic ? `${positional.name}...` : positional.name;
  return positional.required ? `<${name}>` : `[${name}]`;
}

/** `name <a> [b]`, or `graph-db <command>` for a group. */
export function commandUsage(definition: AnyDefinition): string {
  const words = definition.kind === "group" ? "<command>" : positionalUsage(definition.positionals);
  return words ? `${definition.name} ${words}` : definition.name;
}
