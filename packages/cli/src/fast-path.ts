import { renderTopLevelHelp } from "./render-help";
import { VERSION } from "./version";

/**
 * Answers the invocations that need no parser — `tsift`, `tsift --help`/`-h`,
 * `tsift --version`/`-V` — from the definitions, so they never load yargs or any tsift
 * package. Returns undefined for everything else (then `fast-run.ts`).
 */
export function fastPath(argv: readonly string[], columns: number | undefined): string | undefined {
  if (argv.length === 0) return `tsift v${VERSION}\nRun \`tsift --help\` for usage.\n`;
  if (argv.length !== 1) return undefined;
  if (argv[0] === "--help" || argv[0] === "-h") return renderTopLevelHelp(columns);
  if (argv[0] === "--version" || argv[0] === "-V") return `${VERSION}\n`;
  return undefined;
}
