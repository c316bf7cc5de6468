import type { Argv } from "yargs";
import { TsiftError } from "@tsift/core";
import type { CommandContext } from "../command-context";
import { isJsonMode, outputOptions } from "../output/output-options";
import { commandMeta } from "./command-meta";

interface IndexArgs {
  path?: string;
  rebuild: boolean;
  check: boolean;
  "exit-code": boolean;
  quiet: boolean;
  prune: boolean;
  workspace: boolean;
  submodule?: string;
  [flag: string]: unknown;
}

/** `tsift index [path]`: build or incrementally update index.db (symbols, calls, imports, routes). */
export function indexCommand(context: CommandContext) {
  return {
    ...commandMeta("index"),
    builder: (yargs: Argv) =>
      yargs
        .positional("path", { type: "string", describe: "project directory or a path inside it (default: .)" })
        .option("rebuild", { type: "boolean", default: false, describe: "drop the index and parse every file again" })
        .option("check", { type: "boolean", default: false, describe: "report what changed since the last index, without writing" })
        .option("exit-code", { type: "boolean", default: false, describe: "with --check: exit 1 when files are new, modified or deleted (implies --quiet)" })
        .option("quiet", { alias: "q", type: "boolean", default: false, describe: "summary only, no per-file change list" })
        .option("prune", { type: "boolean", default: false, describe: "report prune stats (the scan stays complete: subtree pruning is not sound yet)" })
        .option("workspace", { type: "boolean", default: false, describe: "index every git submodule scope into .tsift/indexes/<scope>/" })
        .option("submodule", { type: "string", describe: "index one workspace scope (id, path or unique leaf name)" }),
    handler: async (args: IndexArgs) => {
      // yargs' conflicts() counts boolean defaults as given, so the check lives here.
      if (args.rebuild && args.check) throw new TsiftError("usage", "--rebuild and --check cannot be combined: --check never writes", { hint: "tsift index --help" });
      const { runIndex } = await import("../index-cmd/run-index");
      context.setResult(
        await runIndex(context.io, {
          ...(args.path !== undefined ? { path: args.path } : {}),
          rebuild: args.rebuild,
          check: args.check,
          exitCode: args["exit-code"],
          quiet: args.quiet,
          prune: args.prune,
          workspace: args.workspace,
          ...(args.submodule !== undefined ? { submodule: args.submodule } : {}),
          json: isJsonMode(outputOptions(args)),
        }),
      );
    },
  };
}
