import type { SearchProjectOptions, SearchStrategy } from "@tsift/search";
import { buildSearchPreview, searchProject } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { resolveBudget, type BudgetFlags } from "@tsift/digest/budget";
import { startWatchdog } from "./search-deadline";
import { searchOutput } from "./search-output";

/**
 * What the command line sets of `searchProject`'s options: rg's `-i`/`-S` switches for
 * `caseMode`, the preview's budget; the process supplies `cwd`, `env` and the deadline guard.
 */
export type SearchCliOptions = Omit<SearchProjectOptions, "cwd" | "env" | "deadlineGuard" | "caseMode"> &
  Required<Pick<SearchProjectOptions, "limit" | "exact" | "federated" | "autoindex" | "timeout">> & {
    /** Exact search: ignore letter case (rg -i). */
    ignoreCase: boolean;
    /** Exact search: ignore case unless the query has an upper-case letter (rg -S). */
    smartCase: boolean;
  } & BudgetFlags & { readonly envelope?: boolean };

/**
 * `tsift search`: @tsift/search's `searchProject` with the CLI's watchdog guarding the
 * timeout, shaped into the report (a preview with handles when a budget applies).
 */
export async function runSearch(io: CliIo, flags: SearchCliOptions): Promise<CommandResult> {
  const result = await searchProject({
    query: flags.query,
    cwd: io.cwd,
    ...(flags.path !== undefined ? { path: flags.path } : {}),
    limit: flags.limit,
    ...(flags.strategy !== undefined ? { strategy: flags.strategy } : {}),
    exact: flags.exact,
    caseMode: flags.ignoreCase ? "ignore" : flags.smartCase ? "smart" : "sensitive",
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    federated: flags.federated,
    autoindex: flags.autoindex,
    timeout: flags.timeout,
    languages: flags.languages ?? [],
    kinds: flags.kinds ?? [],
    ...(flags.alpha !== undefined ? { alpha: flags.alpha } : {}),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    env: io.env,
    // A serving process (daemon, MCP) keeps V8's deadline only: killing it would fail every other client.
    ...(io.serving
      ? {}
      : {
          deadlineGuard: (ms: number, strategy: SearchStrategy) =>
            startWatchdog(
              ms,
              `tsift: error[timeout]: tsift search timed out after ${flags.timeout}s (strategy: ${strategy}) inside a native call; the process was stopped. Re-run with \`--timeout 0\` or narrow \`--path\` / \`--scope\`.`,
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
  const budget = resolveBudget({ budget: flags.budget, maxItems: flags.maxItems, maxBytes: flags.maxBytes }, io.env, flags.envelope === true);
  const place = { pathArg: result.pathArg, scope: result.scope };
  const report = budget ? buildSearchPreview(result.data, place, { federated: flags.federated, corpusLimit: 20_000 }) : result.data;
  return commandResult(report, searchOutput(place, budget !== null), { root: result.root, notes });
}
