/**
 * `--` ends options: every word after it is a positional, even one that starts with `-`
 * (`tsift search -- -foo`). The fast parser reads that directly; yargs does not, because
 * it never fills a command's positionals from words after `--`. So the yargs path hands
 * it the command line with `--` replaced by a hidden switch (which still ends a greedy
 * array) and each later word marked with a NUL, which no real argument can contain and
 * which keeps it from looking like a flag; `pickArgs` takes the mark off again.
 */

/** The hidden switch standing in for `--`; a name no one can type. */
export const END_OF_OPTIONS_SWITCH = "\u0000";

const OPERAND_MARK = "\u0000";

/** The command line as yargs must see it to read the words after `--` as positionals. */
export function yargsArgv(argv: readonly string[]): string[] {
  const at = argv.indexOf("--");
  if (at < 0) return [...argv];
  return [...argv.slice(0, at), `--${END_OF_OPTIONS_SWITCH}`, ...argv.slice(at + 1).map((word) => `${OPERAND_MARK}${word}`)];
}

/** A positional's value as the user typed it. */
export function unmarkOperand(value: string): string {
  return value.startsWith(OPERAND_MARK) ? value.slice(OPERAND_MARK.length) : value;
}

/** The words before `--` (all of them when there is none): the part options are read from. */
export function optionWords(argv: readonly string[]): readonly string[] {
  const at = argv.indexOf("--");
  return at < 0 ? argv : argv.slice(0, at);
}
