import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { commandMeta } from "./command-meta";

interface LocksArgs {
  path?: string;
  scope?: string;
}

/** `tsift locks [path]`: writer locks and SQLite sidecars, read from the files alone. */
export function locksCommand(context: CommandContext) {
  return {
    ...commandMeta("locks"),
    builder: (yargs: Argv) =>
      yargs
        .positional("path", { type: "string", describe: "project directory or a path inside it (default: .)" })
        .option("scope", { type: "string", describe: "only this workspace scope" }),
    handler: async (args: LocksArgs) => {
      const { runLocks } = await import("../locks/run-locks");
      context.setResult(await runLocks(context.io, { path: args.path, scope: args.scope }));
    },
  };
}
