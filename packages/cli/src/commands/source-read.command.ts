import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { commandMeta, previewOptions } from "./command-meta";

interface SourceReadArgs {
  file: string;
  path: string;
  scope?: string;
  start?: number;
  lines?: number;
  end?: number;
}

/** `tsift source-read <file>`: a bounded, line-numbered window with symbol refs and expansion commands. */
export function sourceReadCommand(context: CommandContext) {
  return {
    ...commandMeta("source-read"),
    builder: (yargs: Argv) =>
      previewOptions(yargs)
        .positional("file", { type: "string", describe: "file to read, relative to the project root (or to --scope's directory)" })
        .option("path", { alias: "p", type: "string", default: ".", describe: "project directory or a path inside it" })
        .option("scope", { type: "string", describe: "workspace scope whose directory and index to use (inferred from the file otherwise)" })
        .option("start", { type: "number", describe: "first line, 1-based (default: 1)" })
        .option("lines", { type: "number", describe: "window length (default: 80)" })
        .option("end", { type: "number", describe: "last line, inclusive (instead of --lines)" }),
    handler: async (args: SourceReadArgs) => {
      const { runSourceRead } = await import("../source-read/run-source-read");
      context.setResult(await runSourceRead(context.io, { file: String(args.file), path: args.path, scope: args.scope, start: args.start, lines: args.lines, end: args.end }));
    },
  };
}
