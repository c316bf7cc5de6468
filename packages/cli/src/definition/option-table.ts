/**
 * A command's option table, keyed by its use case's own option names and typed against
 * them — as vitest's `cliOptionsConfig` is a `CLIOptions<CliOptions>`: a mapped type over
 * the options interface, so a missing, misspelled or mistyped key is a compile error, and
 * an option the use case needs (no `undefined` in its type) must have a default. The flag
 * is the key in kebab case (`maxItems` is `--max-items`) unless `flag` says otherwise
 * (`language` read as `--lang`). Import-free: types and one pure function.
 */

export type OptionType = "string" | "number" | "boolean" | "array";

/** What every table entry may say, whatever its value's type. */
interface OptionBase {
  readonly description: string;
  /** The long flag when it is not the key in kebab case (`language` → `--lang`). */
  readonly flag?: string;
  /** One letter (`-l`) or a second long name (`--submodule`). */
  readonly alias?: string;
  /** The option makes a read-only command write into the project (`status --fix`): never offered over MCP. */
  readonly writes?: true;
}

/** One entry of a table, untyped: what the parsers, help, completions and docs read. */
export interface OptionSpec extends OptionBase {
  readonly type: OptionType;
  readonly default?: string | number | boolean | readonly string[];
  readonly choices?: readonly string[];
  /** Number options only: the value must be a whole number >= min (one message for every command). */
  readonly min?: number;
}

/** An untyped option table: keys are the use case's option names. */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

type Defined<V> = Exclude<V, undefined>;

/** The `type` (and `choices`, `min`) an option of value type V must declare. */
type ValueSpec<V> = [Defined<V>] extends [boolean]
  ? { readonly type: "boolean"; readonly choices?: never; readonly min?: never }
  : [Defined<V>] extends [number]
    ? { readonly type: "number"; readonly choices?: never; readonly min?: number }
    : [Defined<V>] extends [readonly string[]]
      ? { readonly type: "array"; readonly choices?: never; readonly min?: never }
      : [Defined<V>] extends [string]
        ? string extends Defined<V>
          ? { readonly type: "string"; readonly choices?: readonly string[]; readonly min?: never }
          : { readonly type: "string"; readonly choices: readonly Defined<V>[]; readonly min?: never }
        : never;

/** An option the use case may go without takes an optional default; one it needs, a default of its type. */
type DefaultSpec<V, Optional extends boolean> = Optional extends true ? { readonly default?: Defined<V> } : { readonly default: Defined<V> };

/** The table entry for one option of value type V. */
export type CliOption<V, Optional extends boolean = true> = OptionBase & ValueSpec<V> & DefaultSpec<V, Optional>;

/** The option table of a use case whose options are T: one entry per key of T, no other key. */
export type CliOptions<T> = {
  readonly [K in keyof T]-?: CliOption<T[K], Partial<Pick<T, K>> extends Pick<T, K> ? true : false>;
};

/** The value an untyped entry parses to. */
type ValueOf<S extends OptionSpec> = S extends { readonly choices: readonly (infer C)[] }
  ? C
  : S["type"] extends "number"
    ? number
    : S["type"] extends "boolean"
      ? boolean
      : S["type"] extends "array"
        ? string[]
        : string;

/** The options a table parses to, when no use case type declares them: a key with a default is always there. */
export type OptionsOf<O extends OptionTable> = {
  -readonly [K in keyof O]: O[K] extends { readonly default: unknown } ? ValueOf<O[K]> : ValueOf<O[K]> | undefined;
};

/** `maxItems` → `max-items`. */
export function kebabCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
