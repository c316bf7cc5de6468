import type { OptionDefinition } from "./define-command";

/**
 * The one message for a number option given something it does not take, quoting what was
 * typed: from the usage check (not a number at all) and from `runDefinition` (a number out of range).
 */
export function numberOptionMessage(option: Pick<OptionDefinition, "name" | "min">, raw: string): string {
  const { min } = option;
  const what = min === undefined ? "a number" : min === 1 ? "a positive integer" : `a whole number >= ${min}`;
  return `--${option.name} expects ${what}, got ${JSON.stringify(raw)}`;
}
