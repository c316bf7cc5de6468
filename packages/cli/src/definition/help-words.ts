/**
 * `tsift help [command [subcommand]]` is `tsift [command [subcommand]] --help`: the words
 * after `help` name the command whose help to print. Import-free; the usage checks
 * (`usage-errors.ts`) reject a `help` topic that names no command.
 */
export const HELP_COMMAND = "help";

/** The command line yargs reads for `tsift help …`; any other command line unchanged. */
export function helpArgv(argv: readonly string[]): readonly string[] {
  if (argv[0] !== HELP_COMMAND) return argv;
  return [...argv.slice(1), "--help"];
}
