import type { ExactCase, SearchStrategy } from "@tsift/search";
import { searchProject } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { resolveBudget, type BudgetFlags } from "@tsift/digest";
import { startWatchdog } from "./search-deadline";
import { searchOutput } from "./search-output";
import { buildSearchPreview } from "./search-preview";

export interface SearchFlags {
  query: string;
  path?: string;
  limit: number;
  strategy?: SearchStrategy;
  exact: boolean;
  caseMode: ExactCase;
  scope?: string;
  federated: boolean;
  autoindex: boolean;
  timeout: number;
  languages: string[];
  kinds: string[];
  alpha?: number;
  model?: string;
  budget: BudgetFlags;
  envelope: boolean;
}

/**
 * `tsift search`: @tsift/search's `searchProject` with the CLI's watchdog guarding the
 * timeout, shaped into the report (a preview with handles when a budget applies).
 */
export async function runSearch(io: CliIo, flags: SearchFlags): Promise<CommandResult> {
  const result = await searchProject({
    query: flags.query,
    cwd: io.cwd,
    ...(flags.path !== undefined ? { path: flags.path } : {}),
    limit: flags.limit,
    ...(flags.strategy !== undefined ? { strategy: flags.strategy } : {}),
    exact: flags.exact,
    caseMode: flags.caseMode,
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    federated: flags.federated,
    autoindex: flags.autoindex,
    timeout: flags.timeout,
    languages: flags.languages,
    kinds: flags.kinds,
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
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  const place = { pathArg: result.pathArg, scope: result.scope };
  const report = budget ? buildSearchPreview(result.data, place, { federated: flags.federated, corpusLimit: 20_000 }) : result.data;
  return commandResult(report, searchOutput(place, budget !== null), { root: result.root, notes });
}
