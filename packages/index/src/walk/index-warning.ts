import type { Lang } from "@tsift/graph";
import { compareCodeUnits } from "./walk-files";

/**
 * Where in the pipeline a file was given up on or degraded:
 * `walk` (a directory or link could not be read), `read_source` (the file could not be
 * read), `filter` (binary, too large or minified: skipped on purpose), `decode`
 * (invalid UTF-8 replaced), `extract_symbols` (the parser failed, or recovered from
 * syntax errors).
 */
export type IndexWarningStage = "walk" | "read_source" | "filter" | "decode" | "extract_symbols";

/** A non-fatal problem with one path; the run goes on and exits 0. */
export interface IndexWarning {
  /** Root-relative, `/`-separated. */
  path: string;
  stage: IndexWarningStage;
  language?: Lang;
  message: string;
}

/** Workers finish in any order; reports do not. */
export function sortWarnings(warnings: IndexWarning[]): IndexWarning[] {
  return warnings.sort((a, b) => compareCodeUnits(a.path, b.path) || compareCodeUnits(a.stage, b.stage) || compareCodeUnits(a.message, b.message));
}
