/**
 * The shape of a command definition: everything about one command — its words, its
 * option table, its examples and what it runs — in one object. The yargs parser, the
 * yargs-free fast parser, the usage checks, `--help`, shell completions and the
 * docs/commands pages are all made from these objects, so an option is written exactly once.
 * Import-free when loaded (the budget's resolver is imported on first use): the fast path
 * and `tsift --help` load every definition.
 */
import type { Budget, BudgetFlags } from "@tsift/digest/budget";
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { OutputSpec } from "../output/output-spec";
import { GLOBAL_OPTIONS, type GlobalArgs } from "./global-options";
import { kebabCase, type CliOptions, type OptionSpec, type OptionsOf, type OptionTable } from "./option-table";

export type { OptionType } from "./option-table";

/** One option as the parsers, help, completions, docs and MCP read it: `name` is the flag, `key` the use case's name. */
export interface OptionDefinition extends OptionSpec {
  /** The long flag without dashes: `max-items`. */
  readonly name: string;
  /** The use case's name for it: `maxItems`. */
  readonly key: string;
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

type PositionalArgs<P extends readonly PositionalDefinition[]> = {
  -readonly [K in P[number] as K["name"]]: K extends { readonly variadic: true }
    ? string[]
    : K extends { readonly required: true }
      ? string
      : string | undefined;
};

export type { GlobalArgs };

/**
 * What a command's `run` receives: its use case's options T, keyed by the use case's own
 * names (a positional under its own name too), and the output switches.
 */
export type CommandInput<T> = Omit<T, keyof GlobalArgs> & GlobalArgs;

/** Parsed arguments of any command, as both parsers produce them: keyed by flag (`max-items`). */
export type ParsedArgs = Record<string, string | number | boolean | string[] | undefined>;

/**
 * How a definition renders what its `run` returned (R): a renderer typed against the data,
 * or a function that returns (or `await import()`s) one — a renderer with imports stays out
 * of `--help` — from the run's result, its input I and the context it ran in, for a renderer
 * whose follow-up commands name what the run found (the index's `place`) or where the user
 * stands. A function of the result is written after `run`, so TypeScript knows the result's
 * type when it reads it.
 */
export type OutputSource<R extends CommandResult = CommandResult, I = never> =
  OutputSpec<R["data"]> | ((result: R, input: I, context: CliIo) => OutputSpec<R["data"]> | Promise<OutputSpec<R["data"]>>);

/**
 * What a definition's `run` receives beside its options: the process's I/O, and the preview
 * budget its `--budget`/`--max-items`/`--max-bytes` (or `TSIFT_BUDGET`, adaptive under
 * `--envelope`) ask for, resolved by the definition machinery the one way every command reads it.
 */
export interface RunContext extends CliIo {
  /** The budget, resolved (and `--max-items`/`--max-bytes` checked) on first call; null when no preview applies. */
  budget(): Promise<Budget | null>;
}

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

/** A positional of a use case whose options are T: named by one of its keys, or the shared `[dir]` (read as `path`). */
export interface UseCasePositional<K extends string> extends PositionalDefinition {
  readonly name: K | "dir";
}

/**
 * A command over a use case whose options are T: the option table has one entry per key
 * of T that is neither a positional nor an output switch, and `run` receives T.
 */
export interface CommandSpec<T, P extends readonly PositionalDefinition[], R extends CommandResult = CommandResult> extends DefinitionBase {
  readonly positionals: P;
  readonly options: CliOptions<Omit<T, P[number]["name"] | keyof GlobalArgs>>;
  /**
   * Calls the command's use case and returns its data (with `root`, `notes`, an `exitCode`);
   * heavy code is imported inside. It never prints: the definition's `output` renders it.
   */
  run(input: CommandInput<T>, context: RunContext): Promise<R>;
  /** How the data `run` returns is shown (a result's own `output` wins, for a command that picks one per run). */
  readonly output?: OutputSource<R, CommandInput<T>>;
}

/** A command whose options are its table's own (no use case type declares them). */
export type InferredSpec<O extends OptionTable, P extends readonly PositionalDefinition[], R extends CommandResult = CommandResult> = Omit<
  CommandSpec<OptionsOf<O> & PositionalArgs<P>, P, R>,
  "options"
> & {
  readonly options: O;
};

/** A definition with its argument types erased, as the parsers and renderers see it. */
export interface AnyCommand extends DefinitionBase {
  readonly kind: "command";
  readonly positionals: readonly PositionalDefinition[];
  readonly options: readonly OptionDefinition[];
  /** Runs on arguments keyed by flag, as the parsers produce them; the result carries the definition's renderer. */
  run(args: ParsedArgs, io: CliIo): Promise<CommandResult>;
}

/** A command definition that remembers its use case's options type (`OptionsOfCommand`). */
export interface Command<T> extends AnyCommand {
  /** Type only: never set. */
  readonly __options?: T;
}

/** The options a command's `run` receives, for the use case it hands them to. */
export type OptionsOfCommand<C> = C extends Command<infer T> ? CommandInput<T> : never;

/** A command whose first positional picks one of its subcommands (`graph-db status`); its options apply to all of them. */
export interface CommandGroup extends DefinitionBase {
  readonly kind: "group";
  readonly options: readonly OptionDefinition[];
  readonly subcommands: readonly AnyCommand[];
}

export type AnyDefinition = AnyCommand | CommandGroup;

/** A table in the order written, each entry with its flag and key. */
export function optionList(table: OptionTable): OptionDefinition[] {
  return Object.entries(table).map(([key, spec]) => {
    const { flag, ...rest } = spec;
    return { ...rest, key, name: flag ?? kebabCase(key) };
  });
}

/** The flag-keyed arguments the parsers produce, re-keyed by the use case's names. */
function inputOf(args: ParsedArgs, options: readonly OptionDefinition[], positionals: readonly PositionalDefinition[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const option of [...GLOBAL_OPTIONS, ...options]) if (args[option.name] !== undefined) input[option.key] = args[option.name];
  for (const positional of positionals) if (args[positional.name] !== undefined) input[positional.name] = args[positional.name];
  return input;
}

/** A result rendered by the definition's renderer unless it brings its own. */
async function withOutput(result: CommandResult, output: OutputSource<CommandResult, unknown> | undefined, input: unknown, io: CliIo): Promise<CommandResult> {
  if (result.output || !output || result.emitted) return result;
  return { ...result, output: (typeof output === "function" ? await output(result, input, io) : output) as CommandResult["output"] };
}

/**
 * The I/O a `run` receives, with the budget its input asks for. It inherits `io`'s fields
 * through its prototype, so a getter of `io` (stdin's TTY check) stays lazy: pass the
 * context on whole, never spread it.
 */
function runContext(io: CliIo, input: Record<string, unknown>): RunContext {
  let budget: Promise<Budget | null> | undefined;
  const context = Object.create(io) as RunContext;
  context.budget = () =>
    (budget ??= import("@tsift/digest/budget").then(({ resolveBudget }) =>
      resolveBudget(
        { budget: input.budget as BudgetFlags["budget"], maxItems: input.maxItems as number | undefined, maxBytes: input.maxBytes as number | undefined },
        io.env,
        input.envelope === true,
      ),
    ));
  return context;
}

/** A definition as `erase` reads it, whatever its options and result types. */
type ErasedSpec = DefinitionBase & { positionals: readonly PositionalDefinition[]; options: OptionTable; output?: OutputSource<never, never> };

function erase(spec: ErasedSpec, run: (input: never, context: RunContext) => Promise<CommandResult>, parent: readonly OptionDefinition[] = []): AnyCommand {
  const { output, options: table, ...rest } = spec;
  const options = optionList(table);
  const all = [...parent, ...options];
  const call = run as (input: Record<string, unknown>, context: RunContext) => Promise<CommandResult>;
  return {
    ...rest,
    kind: "command",
    options,
    run: async (args, io) => {
      const input = inputOf(args, all, spec.positionals);
      return withOutput(await call(input, runContext(io, input)), output as OutputSource<CommandResult, unknown> | undefined, input, io);
    },
  };
}

/**
 * Declares a command over a use case whose options are T, typed as vitest types its
 * `cliOptionsConfig`: `defineCommand<SymbolsOptions>()({ options: { kind: …, language:
 * { flag: "lang", … } }, run(input) })`. Without T, `defineCommand({ … })` types the
 * options from the table itself (a command with no use case options type).
 */
export function defineCommand<T extends object>(): <const P extends readonly UseCasePositional<keyof T & string>[], R extends CommandResult>(
  spec: CommandSpec<T, P, R>,
) => Command<T>;
export function defineCommand<const O extends OptionTable, const P extends readonly PositionalDefinition[], R extends CommandResult>(
  spec: InferredSpec<O, P, R>,
): Command<OptionsOf<O> & PositionalArgs<P>>;
export function defineCommand(spec?: ErasedSpec & { run(input: never, context: RunContext): Promise<CommandResult> }): unknown {
  if (spec === undefined) return (typed: ErasedSpec & { run(input: never, context: RunContext): Promise<CommandResult> }) => erase(typed, typed.run);
  return erase(spec, spec.run);
}

/**
 * A subcommand over a use case whose options are T, under a group whose table is G: its own
 * table has one entry per key of T that is neither a positional, an output switch nor one
 * of the group's options, and `run` receives T with the group's options.
 */
export interface SubcommandSpec<T, G extends OptionTable, P extends readonly PositionalDefinition[], R extends CommandResult = CommandResult> extends Omit<
  CommandSpec<T, P, R>,
  "options" | "run" | "output"
> {
  readonly options: CliOptions<Omit<T, P[number]["name"] | keyof GlobalArgs | keyof G>>;
  run(input: CommandInput<OptionsOf<G> & T>, context: RunContext): Promise<R>;
  readonly output?: OutputSource<R, CommandInput<OptionsOf<G> & T>>;
}

/** The subcommand declarer `defineSubcommand` returns: typed by a use case, `subcommand<T>()({ … })`, or by its own table. */
export interface SubcommandDeclarer<G extends OptionTable> {
  <T extends object>(): <const P extends readonly UseCasePositional<keyof T & string>[], R extends CommandResult>(
    spec: SubcommandSpec<T, G, P, R>,
  ) => Command<OptionsOf<G> & T>;
  <const O extends OptionTable, const P extends readonly PositionalDefinition[], R extends CommandResult>(
    spec: Omit<InferredSpec<O, P, R>, "run" | "output"> & {
      run(input: CommandInput<OptionsOf<G> & OptionsOf<O> & PositionalArgs<P>>, context: RunContext): Promise<R>;
      readonly output?: OutputSource<R, CommandInput<OptionsOf<G> & OptionsOf<O> & PositionalArgs<P>>>;
    },
  ): Command<OptionsOf<G> & OptionsOf<O> & PositionalArgs<P>>;
}

/**
 * Declares subcommands that also receive the group's options (`parent`, the group's own
 * table), typed as if each subcommand declared them itself; the group lists them once. Like
 * `defineCommand`, `subcommand<T>()({ … })` checks the table against a use case's options T.
 */
export function defineSubcommand<const G extends OptionTable>(parent: G): SubcommandDeclarer<G> {
  const inherited = optionList(parent);
  type Spec = ErasedSpec & { run(input: never, context: RunContext): Promise<CommandResult> };
  return ((spec?: Spec) =>
    spec === undefined ? (typed: Spec) => erase(typed, typed.run, inherited) : erase(spec, spec.run, inherited)) as SubcommandDeclarer<G>;
}

/** Declares a command with subcommands; `options` is the table every subcommand also takes. */
export function defineGroup(spec: Omit<CommandGroup, "kind" | "options"> & { readonly options: OptionTable }): CommandGroup {
  return { ...spec, kind: "group", options: optionList(spec.options) };
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
