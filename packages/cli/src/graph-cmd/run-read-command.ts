import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { BudgetChoice } from "@tsift/digest";
import type { ReadArgs, ReadCommandName } from "./read-command-options";
import { checkLimit, projectPath } from "./with-read-index";

const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));
const number = (value: unknown): number => Number(value);

/**
 * Runs a read command from its parsed arguments (yargs' or `parseReadArgv`'s, keyed the
 * same way); each command's code is imported only when it runs.
 */
export async function runReadCommand(command: ReadCommandName, args: ReadArgs, io: CliIo): Promise<CommandResult> {
  const scope = text(args.scope);
  const budget = { budget: args.budget as BudgetChoice | undefined, maxItems: args["max-items"] === undefined ? undefined : number(args["max-items"]), maxBytes: args["max-bytes"] === undefined ? undefined : number(args["max-bytes"]) };
  const path = () => projectPath(text(args.path), text(args.dir), command);
  switch (command) {
    case "graph": {
      const { runGraph } = await import("./run-graph");
      return runGraph(io, { symbol: String(args.symbol), callers: args.callers === true, callees: args.callees === true, limit: number(args.limit), path: path(), scope });
    }
    case "explain": {
      const { runExplain } = await import("./run-explain");
      return runExplain(io, { symbol: String(args.symbol), limit: number(args.limit), path: path(), scope, budget, envelope: args.envelope === true });
    }
    case "path": {
      const { runPath } = await import("./run-path");
      return runPath(io, { from: String(args.from), to: String(args.to), path: path(), scope });
    }
    case "communities": {
      const { runCommunities } = await import("./run-communities");
      return runCommunities(io, { minSize: number(args["min-size"]), limit: number(args.limit), path: path(), scope, absolute: args.absolute === true });
    }
    case "analyze": {
      const { runAnalyze } = await import("./run-analyze");
      const entries = args.entry === undefined ? [] : Array.isArray(args.entry) ? args.entry.map(String) : [String(args.entry)];
      return runAnalyze(io, { entries, limit: number(args.limit), path: path(), scope });
    }
    case "symbols": {
      checkLimit("limit", number(args.limit), "symbols");
      const { runSymbols } = await import("../index-cmd/run-symbols");
      return runSymbols(io, {
        ...(args.name !== undefined ? { name: String(args.name) } : {}),
        ...(args.kind !== undefined ? { kind: String(args.kind) } : {}),
        ...(args.file !== undefined ? { file: String(args.file) } : {}),
        ...(args.lang !== undefined ? { language: String(args.lang) } : {}),
        limit: number(args.limit),
        path: text(args.path) ?? ".",
        ...(scope !== undefined ? { scope } : {}),
      });
    }
  }
}
