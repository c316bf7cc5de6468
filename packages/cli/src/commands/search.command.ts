import type { Argv } from "yargs";
import { TsiftError } from "@tsift/core";
import type { CommandContext } from "../command-context";
import type { BudgetChoice } from "../output/budget";
import { commandMeta, previewOptions } from "./command-meta";

interface SearchArgs {
  query: string;
  path?: string;
  limit: number;
  strategy?: "lexical" | "exact" | "hybrid" | "semantic";
  exact: boolean;
  scope?: string;
  federated: boolean;
  autoindex: boolean;
  timeout: number;
  lang?: string[];
  kind?: string[];
  alpha?: number;
  model?: string;
  budget?: BudgetChoice;
  "max-items"?: number;
  "max-bytes"?: number;
  envelope?: boolean;
}

/** `tsift search <query>`: AST-ranked symbols plus BM25 (or exact, hybrid, semantic) chunk hits. */
export function searchCommand(context: CommandContext) {
  return {
    ...commandMeta("search"),
    builder: (yargs: Argv) =>
      previewOptions(yargs)
        .positional("query", { type: "string", describe: "words, an identifier, a path or a literal" })
        .option("path", { alias: "p", type: "string", describe: "project directory, or a directory/file inside it to search only there (default: .)" })
        .option("limit", { alias: "l", type: "number", default: 10, describe: "symbols and hits to return" })
        .option("strategy", { alias: "s", choices: ["lexical", "exact", "hybrid", "semantic"] as const, describe: "ranking (default: lexical; exact for one identifier- or path-like token)" })
        .option("exact", { type: "boolean", default: false, describe: "literal search (ripgrep -F when installed); works without an index" })
        .option("scope", { alias: "submodule", type: "string", describe: "search one workspace scope's index" })
        .option("federated", { type: "boolean", default: false, describe: "search every federated workspace scope" })
        .option("autoindex", { type: "boolean", default: true, describe: "refresh a stale or missing index first (--no-autoindex: exit 4 instead)" })
        .option("timeout", { type: "number", default: 30, describe: "seconds before the search is stopped (0 = none, in-process)" })
        .option("lang", { type: "string", array: true, describe: "only these languages (repeatable)" })
        .option("kind", { type: "string", array: true, describe: "only chunks/symbols of these kinds: function, class, … (repeatable)" })
        .option("alpha", { type: "number", describe: "hybrid: dense weight 0..1 (default: from the query's shape)" })
        .option("model", { type: "string", describe: "hybrid/semantic: local Model2Vec directory (tokenizer.json + model.safetensors); never downloads" }),
    handler: async (args: SearchArgs) => {
      if (!Number.isInteger(args.limit) || args.limit < 0) throw new TsiftError("usage", `--limit must be a whole number, got ${String(args.limit)}`, { hint: "tsift search --help" });
      if (!Number.isFinite(args.timeout) || args.timeout < 0) throw new TsiftError("usage", `--timeout must be seconds >= 0, got ${String(args.timeout)}`, { hint: "tsift search --help" });
      if (args.alpha !== undefined && !(args.alpha >= 0 && args.alpha <= 1)) throw new TsiftError("usage", `--alpha must be between 0 and 1, got ${String(args.alpha)}`, { hint: "tsift search --help" });
      const { runSearch } = await import("../search-cmd/run-search");
      context.setResult(
        await runSearch(context.io, {
          query: String(args.query),
          ...(args.path !== undefined ? { path: args.path } : {}),
          limit: args.limit,
          ...(args.strategy !== undefined ? { strategy: args.strategy } : {}),
          exact: args.exact,
          ...(args.scope !== undefined ? { scope: args.scope } : {}),
          federated: args.federated,
          autoindex: args.autoindex,
          timeout: args.timeout,
          languages: (args.lang ?? []).map(String),
          kinds: (args.kind ?? []).map(String),
          ...(args.alpha !== undefined ? { alpha: args.alpha } : {}),
          ...(args.model !== undefined ? { model: args.model } : {}),
          budget: { budget: args.budget, maxItems: args["max-items"], maxBytes: args["max-bytes"] },
          envelope: args.envelope === true,
        }),
      );
    },
  };
}
