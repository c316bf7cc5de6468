import type { BudgetChoice, BudgetFlags } from "@tsift/digest/budget";
import { GLOBAL_OPTIONS, type GlobalArgs } from "../definition/global-options";

/** The global output flags (each false unless given) plus the per-command preview flags, as parsed. */
export type OutputOptions = { -readonly [K in keyof GlobalArgs]-?: boolean } & { budget: BudgetFlags };

/** The parsed arguments as yargs hands them over (per-command flags may be absent). */
export type OutputArgs = Readonly<Record<string, unknown>>;

export function outputOptions(args: OutputArgs): OutputOptions {
  const number = (value: unknown) => (value === undefined ? undefined : Number(value));
  const switches = Object.fromEntries(GLOBAL_OPTIONS.map((option) => [option.key, args[option.name] === true])) as Omit<OutputOptions, "budget">;
  return {
    ...switches,
    budget: { budget: args.budget as BudgetChoice | undefined, maxItems: number(args["max-items"]), maxBytes: number(args["max-bytes"]) },
  };
}

/** `--pretty`, `--terse`, `--schema` and `--envelope` all imply JSON. */
export function isJsonMode(options: Pick<OutputOptions, "json" | "pretty" | "terse" | "schema" | "envelope">): boolean {
  return options.json || options.pretty || options.terse || options.schema || options.envelope;
}
