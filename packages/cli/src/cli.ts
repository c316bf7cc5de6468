import yargs, { type Argv } from "yargs";
import { TsiftError, isTsiftError } from "@tsift/core";
import type { CommandContext } from "./command-context";
import { renderResult, type CommandResult } from "./command-result";
import { graphDbCommand } from "./commands/graph-db.command";
import { indexCommand } from "./commands/index.command";
import { symbolsCommand } from "./commands/symbols.command";
import { reportError } from "./error-report";
import { EXIT_CODES } from "./exit-codes";
import { processIo, type CliIo } from "./io";
import { VERSION } from "./version";

export interface CliRun {
  parser: Argv;
  /** The result the command left, once parsing has finished. */
  result(): CommandResult | undefined;
}

/** Builds the yargs parser for `argv`; `main` runs it. Exposed so tests can inspect commands. */
export function createCli(io: CliIo = processIo()): CliRun {
  let result: CommandResult | undefined;
  const context: CommandContext = {
    io,
    setResult(value) {
      result = value;
    },
  };
  const parser = yargs()
    .scriptName("tsift")
    .version(VERSION)
    .usage("tsift <command> [options]\n\nToken-efficient, AST-aware code navigation for coding agents.")
    .option("json", { type: "boolean", default: false, describe: "compact single-line JSON on stdout" })
    .option("pretty", { type: "boolean", default: false, describe: "indented JSON (implies --json)" })
    .command(graphDbCommand(context))
    .command(indexCommand(context))
    .command(symbolsCommand(context))
    .strict()
    .recommendCommands()
    .demandCommand(1, "")
    .help()
    .alias("help", "h")
    .alias("version", "V")
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, error) => {
      if (error) throw error;
      throw new TsiftError("usage", message || "missing command", { hint: "tsift --help" });
    });
  return { parser, result: () => result };
}

/** Runs the CLI and returns the exit code; never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (argv.length === 0) {
    io.stdout(`tsift v${VERSION}\nRun \`tsift --help\` for usage.\n`);
    return EXIT_CODES.ok;
  }
  const debug = io.env.TSIFT_DEBUG === "1";
  const cli = createCli(io);
  let builtinOutput = "";
  let parsed: { json?: boolean; pretty?: boolean } = {};
  try {
    parsed = (await cli.parser.parseAsync([...argv], {}, (_error, _args, output) => {
      builtinOutput = output;
    })) as { json?: boolean; pretty?: boolean };
  } catch (error) {
    const report = reportError(isTsiftError(error) ? error : unknownCommandError(error), debug);
    io.stderr(`${report.line}\n`);
    if (report.stack) io.stderr(`${report.stack}\n`);
    return report.exitCode;
  }
  const result = cli.result();
  if (!result) {
    if (builtinOutput) io.stdout(`${builtinOutput}\n`);
    return EXIT_CODES.ok;
  }
  io.stdout(renderResult(result, { json: Boolean(parsed.json || parsed.pretty), pretty: Boolean(parsed.pretty) }));
  for (const note of result.notes ?? []) io.stderr(`${note}\n`);
  return result.exitCode ?? EXIT_CODES.ok;
}

function unknownCommandError(error: unknown): unknown {
  return error;
}
