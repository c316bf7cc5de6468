import type { BudgetChoice, BudgetFlags } from "@tsift/digest";

/** The global output flags plus the per-command preview flags, as parsed. */
export interface OutputOptions {
  json: boolean;
  pretty: boolean;
  terse: boolean;
  schema: boolean;
  tabular: boolean;
  compact: boolean;
  absolute: boolean;
  envelope: boolean;
  budget: BudgetFlags;
}

/** The parsed arguments as yargs hands them over (per-command flags may be absent). */
export type OutputArgs = Readonly<Record<string, unknown>>;

export function outputOptions(args: OutputArgs): OutputOptions {
  const flag = (value: unknown) => value === true;
  const number = (value: unknown) => (value === undefined ? undefined : Number(value));
  return {
    json: flag(args.json),
    pretty: flag(args.pretty),
    terse: flag(args.terse),
    schema: flag(args.schema),
    tabular: flag(args.tabular),
    compact: flag(args.compact),
    absolute: flag(args.absolute),
    envelope: flag(args.envelope),
    budget: { budget: args.budget as BudgetChoice | undefined, maxItems: number(args["max-items"]), maxBytes: number(args["max-bytes"]) },
  };
}

/** `--pretty`, `--terse`, `--schema` and `--envelope` all imply JSON. */
export function isJsonMode(options: Pick<OutputOptions, "json" | "pretty" | "terse" | "schema" | "envelope">): boolean {
  return options.json || options.pretty || options.terse || options.schema || options.envelope;
}
