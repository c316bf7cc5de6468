import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { wholeNumber } from "../graph-db/graph-db-args";
import { commandMeta } from "./command-meta";

interface StatusArgs {
  path?: string;
  fix: boolean;
  limit: number;
}

/** `tsift status [path]`: read-only session health check; `--fix` refreshes first. */
export function statusCommand(context: CommandContext) {
  return {
    ...commandMeta("status"),
    builder: (yargs: Argv) =>
      yargs
        .positional("path", { type: "string", describe: "project directory or a path inside it (default: .)" })
        .option("fix", { type: "boolean", default: false, describe: "index stale or missing indexes and rewrite stale instructions, then report" })
        .option("limit", { alias: "l", type: "number", default: 20, describe: "workspace scopes listed (0 = all)" }),
    handler: async (args: StatusArgs) => {
      const limit = wholeNumber("--limit", args.limit) ?? 20;
      const { runStatus } = await import("../status/run-status");
      context.setResult(await runStatus(context.io, { path: args.path, fix: args.fix, limit }));
    },
  };
}
