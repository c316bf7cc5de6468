import type { Argv } from "yargs";
import { TsiftError } from "@tsift/core";
import type { CommandContext } from "../command-context";
import { commandMeta, previewOptions } from "./command-meta";

interface RelatedArgs {
  target: string;
  path?: string;
  limit: number;
  scope?: string;
  model?: string;
}

/** `tsift related <file:line|handle>`: code similar to a chunk, same language first. */
export function relatedCommand(context: CommandContext) {
  return {
    ...commandMeta("related"),
    builder: (yargs: Argv) =>
      previewOptions(yargs)
        .positional("target", { type: "string", describe: "file:line (root-relative), or an shit-* handle from a search preview" })
        .option("path", { alias: "p", type: "string", describe: "project directory or a path inside it (default: .)" })
        .option("limit", { alias: "l", type: "number", default: 10, describe: "related chunks to return" })
        .option("scope", { alias: "submodule", type: "string", describe: "workspace scope whose index to use" })
        .option("model", { type: "string", describe: "local Model2Vec directory (default: the built-in tsift-hash-v1 encoder)" }),
    handler: async (args: RelatedArgs) => {
      if (!Number.isInteger(args.limit) || args.limit < 0) throw new TsiftError("usage", `--limit must be a whole number, got ${String(args.limit)}`, { hint: "tsift related --help" });
      const { runRelated } = await import("../search-cmd/run-related");
      context.setResult(
        await runRelated(context.io, {
          target: String(args.target),
          ...(args.path !== undefined ? { path: args.path } : {}),
          limit: args.limit,
          ...(args.scope !== undefined ? { scope: args.scope } : {}),
          ...(args.model !== undefined ? { model: args.model } : {}),
        }),
      );
    },
  };
}
