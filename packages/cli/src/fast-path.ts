import { VERSION } from "./version";

/**
 * Answers the invocations that need no parser — `tsift`, `tsift --help`/`-h`/`help`,
 * `tsift --version`/`-V` — from the definitions, so they never load yargs or any tsift
 * package. Returns undefined for everything else (then `fast-run.ts`). The help text's
 * command catalog is imported only for `--help`: every other invocation (a read command
 * answered by the daemon above all) starts without it.
 */
export async function fastPath(argv: readonly string[], columns: number | undefined): Promise<string | undefined> {
  if (argv.length === 0) return `tsift v${VERSION}\nRun \`tsift --help\` for usage.\n`;
  if (argv.length !== 1) return undefined;
  if (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") return (await import("./render-help")).renderTopLevelHelp(columns);
  if (argv[0] === "--version" || argv[0] === "-V") return `${VERSION}\n`;
  return undefined;
}
