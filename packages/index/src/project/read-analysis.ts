import { loadLanguageHooks } from "../resolve/language-hooks";
import type { AnalyzeReport } from "../projection/graph-queries/analyze-call-graph";
import type { IndexOpener } from "../store/open-read-index";
import { checkLimit } from "./read-limits";
import { readTransaction } from "../store/queries/read-transaction";

export interface AnalysisOptions {
  /** Explicit entry points for dead code (symbol arguments); default: inferred. */
  entries?: readonly string[];
  /** Items per list (0 = all); default 20. */
  limit?: number;
}

/**
 * `tsift analyze` data: the report with its root and scope. `root` is `.` like every path
 * in results: relative to the index's source root, as the CLI prints it.
 */
export type AnalysisReport = { root: string; scope?: string } & AnalyzeReport;

/** `tsift analyze`: SCC, composite health, dead code from explicit or inferred entry points, and coupling. */
export async function readAnalysis(open: IndexOpener, options: AnalysisOptions = {}): Promise<AnalysisReport> {
  const limit = options.limit ?? 20;
  checkLimit("limit", limit, "analyze");
  const index = await open();
  const { analyzeCallGraph } = await import("../projection/graph-queries/analyze-call-graph");
  // Dead code's entry points read the languages' module systems and test conventions.
  await loadLanguageHooks();
  // Entry arguments de-duplicated in order.
  const entries = [...new Set((options.entries ?? []).map((entry) => entry.trim()).filter(Boolean))];
  const report = readTransaction(index.db, () =>
    analyzeCallGraph(index.db, { ...(entries.length > 0 ? { entries } : {}), limit, root: index.location.sourceRoot }),
  );
  return { root: ".", ...(index.scope ? { scope: index.scope.id } : {}), ...report };
}
