/**
 * Quotes a command-line argument only when the shell would split or expand it, so the
 * `expand` and follow-up commands that bounded output suggests can be pasted as they are.
 */
export function shellArg(value: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
