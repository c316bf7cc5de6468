import type { Argv } from "yargs";
import { TsiftError } from "@tsift/core";
import type { CommandContext } from "../command-context";
import { commandMeta, previewOptions } from "./command-meta";

interface SymbolsArgs {
  name?: string;
  kind?: string;
  file?: string;
  lang?: string;
  limit: number;
  path: string;
  scope?: string;
}

/** `tsift symbols [name]`: indexed symbols ranked exact, case-insensitive, prefix, then fuzzy. */
export function symbolsCommand(context: CommandContext) {
  return {
    ...commandMeta("symbols"),
    builder: (yargs: Argv) =>
      previewOptions(yargs)
        .positional("name", { type: "string", describe: "symbol name or Class.method; omit to list all" })
        .option("kind", { type: "string", describe: "only this kind (function, method, class, …)" })
        .option("file", { type: "string", describe: "only this file, directory or glob (root-relative)" })
        .option("lang", { type: "string", describe: "only this language (rust, python, typescript, …)" })
        .option("limit", { alias: "l", type: "number", default: 20, describe: "rows to show (0 = all)" })
        .option("path", { alias: "p", type: "string", default: ".", describe: "project directory or a path inside it" })
        .option("scope", { alias: "submodule", type: "string", describe: "workspace scope whose index to read" }),
    handler: async (args: SymbolsArgs) => {
      if (!Number.isInteger(args.limit) || args.limit < 0) {
        throw new TsiftError("usage", `--limit must be a whole number, got ${String(args.limit)}`, { hint: "tsift symbols --help" });
      }
      const { runSymbols } = await import("../index-cmd/run-symbols");
      context.setResult(
        await runSymbols(context.io, {
          ...(args.name !== undefined ? { name: String(args.name) } : {}),
          ...(args.kind !== undefined ? { kind: args.kind } : {}),
          ...(args.file !== undefined ? { file: args.file } : {}),
          ...(args.lang !== undefined ? { language: args.lang } : {}),
          limit: args.limit,
          path: args.path,
          ...(args.scope !== undefined ? { scope: args.scope } : {}),
        }),
      );
    },
  };
}
