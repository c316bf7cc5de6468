import type { SearchStrategy } from "@tsift/search";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, SCOPE, limitOption } from "../definition/common-options";
import { usageError } from "../definition/usage";
import type { SearchReport } from "../search-cmd/search-output";

/** `tsift search <query> [dir]`: AST-ranked symbols plus BM25 (or exact, hybrid, semantic) chunk hits. */
export const search = defineCommand({
  name: "search",
  readOnly: true,
  summary: "ranked code search: AST symbols plus BM25/exact/hybrid chunk hits, kept fresh",
  helpOrder: 60,
  readsIndex: true,
  positionals: [
    { name: "query", required: true, description: "words, an identifier, a path or a literal" },
    { ...DIR, description: "project directory, or a directory/file inside it to search only there (default: .; same as --path)" },
  ],
  options: {
    ...PREVIEW_OPTIONS,
    path: { ...PATH, description: "project directory, or a directory/file inside it to search only there (default: .)" },
    limit: limitOption(10, "symbols and hits to return"),
    strategy: {
      alias: "s",
      type: "string",
      choices: ["lexical", "exact", "hybrid", "semantic"],
      description: "ranking (default: hybrid for a description in several words, exact for one identifier- or path-like token, else lexical)",
    },
    exact: {
      type: "boolean",
      default: false,
      description: "literal search (ripgrep -F when installed), case-sensitive like rg; works without an index",
    },
    ignoreCase: { alias: "i", type: "boolean", default: false, description: "exact search: ignore letter case (rg -i)" },
    smartCase: {
      alias: "S",
      type: "boolean",
      default: false,
      description: "exact search: ignore case unless the query has an upper-case letter (rg -S)",
    },
    scope: { ...SCOPE, description: "search one workspace scope's index" },
    federated: { type: "boolean", default: false, description: "search every federated workspace scope" },
    autoindex: { type: "boolean", default: true, description: "refresh a stale or missing index first (--no-autoindex: exit 4 instead)" },
    timeout: { type: "number", default: 30, description: "seconds before the search is stopped (0 = none, in-process)" },
    languages: { flag: "lang", type: "array", description: "only these languages (repeatable)" },
    kinds: { flag: "kind", type: "array", description: "only chunks/symbols of these kinds: function, class, … (repeatable)" },
    alpha: { type: "number", description: "hybrid: dense weight 0..1 (default: from the query's shape)" },
    model: {
      type: "string",
      description:
        "hybrid/semantic: local Model2Vec directory (tokenizer.json + model.safetensors), or tsift-hash-v1 (default: the shipped tsift-code-v1 model); never downloads",
    },
  },
  examples: [
    { command: "tsift search 'retry with backoff'", description: "one ranked list of the code about retries (BM25F fused with the code model), best first" },
    { command: "tsift search getUserName --exact", description: "every literal occurrence, case-sensitive" },
    { command: "tsift search getusername --exact -i", description: "the same, in any letter case (rg -i)" },
    { command: "tsift search 'user name' -s hybrid --lang typescript --json", description: "hybrid ranking over TypeScript only, as JSON" },
  ],
  async run(options, io) {
    if (!Number.isFinite(options.timeout) || options.timeout < 0)
      throw await usageError(`--timeout must be seconds >= 0, got ${String(options.timeout)}`, "tsift search --help");
    if (options.ignoreCase && options.smartCase)
      throw await usageError("--ignore-case and --smart-case cannot be combined: pass one of them", "tsift search --help");
    if (options.alpha !== undefined && !(options.alpha >= 0 && options.alpha <= 1))
      throw await usageError(`--alpha must be between 0 and 1, got ${String(options.alpha)}`, "tsift search --help");
    // @tsift/search's `searchProject` (its lean entry: a one-shot process loads no other use case), the CLI's watchdog guarding
    // the timeout; a budget makes the report a preview with handles.
    const [{ buildSearchPreview, searchProject }, { startWatchdog }] = await Promise.all([
      import("@tsift/search/project-search"),
      import("../search-cmd/search-deadline"),
    ]);
    const result = await searchProject({
      query: options.query,
      cwd: io.cwd,
      ...(options.path !== undefined ? { path: options.path } : {}),
      limit: options.limit,
      ...(options.strategy !== undefined ? { strategy: options.strategy } : {}),
      exact: options.exact,
      caseMode: options.ignoreCase ? "ignore" : options.smartCase ? "smart" : "sensitive",
      ...(options.scope !== undefined ? { scope: options.scope } : {}),
      federated: options.federated,
      autoindex: options.autoindex,
      timeout: options.timeout,
      languages: options.languages ?? [],
      kinds: options.kinds ?? [],
      ...(options.alpha !== undefined ? { alpha: options.alpha } : {}),
      ...(options.model !== undefined ? { model: options.model } : {}),
      env: io.env,
      // A serving process (daemon, MCP) keeps V8's deadline only: killing it would fail every other client.
      ...(io.serving
        ? {}
        : {
            deadlineGuard: (ms: number, strategy: SearchStrategy) =>
              startWatchdog(
                ms,
                `tsift: error[timeout]: tsift search timed out after ${options.timeout}s (strategy: ${strategy}) inside a native call; the process was stopped. Re-run with \`--timeout 0\` or narrow \`--path\` / \`--scope\`.`,
              ),
          }),
    });
    const notes = [...result.notes];
    // Phase timings on stderr for benchmarking (TSIFT_SEARCH_TIMINGS=1); never in the report, which stays deterministic.
    if (io.env.TSIFT_SEARCH_TIMINGS === "1") {
      notes.push(
        `timings: prepare ${Math.round(result.timings.prepareMs)} ms (freshness precheck and refresh), search ${Math.round(result.timings.searchMs)} ms`,
      );
    }
    const budget = await io.budget();
    const place = { pathArg: result.pathArg, scope: result.scope };
    const data: SearchReport = budget ? buildSearchPreview(result.data, place, { federated: options.federated, corpusLimit: 20_000 }) : result.data;
    return { data, root: result.root, notes, place, preview: budget !== null };
  },
  output: async ({ place, preview }) => (await import("../search-cmd/search-output")).searchOutput(place, preview),
});
