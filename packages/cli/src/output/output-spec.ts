/**
 * How a command's data is shown, declared once per command: the pipeline
 * (`render-output.ts`) picks the mode from the global flags and applies the shared
 * transforms (paths, previews, terse keys, columns, envelopes), so commands only
 * return data and describe it.
 */

import type { PreviewSpec } from "@tsift/digest/budget";

export interface Metric {
  label: string;
  value: string | number | boolean | null;
}

/** One TSV table for `--tabular`. */
export interface TableSpec<D> {
  columns: readonly string[];
  rows(data: D): readonly (readonly unknown[])[];
  /** Rows left out by a cap, printed as `# (+N more)`; a string is printed as `# (<string>)` when the count is unknown. */
  more?(data: D): number | string;
}

/** What `--envelope` puts around the report. */
export interface EnvelopeSpec<D> {
  /** Report shape, e.g. `list`, `report`, `window`; `preview` is used when a budget trimmed it. */
  view: string;
  summary(data: D): string;
  metrics(data: D): readonly Metric[];
  /** Concrete commands to run next; defaults to the preview items' `expand` commands. */
  followUp?(data: D): readonly string[];
  /** Whether the report is cut short; defaults to the data's `truncated`. */
  truncated?(data: D): boolean;
}

export interface OutputSpec<D> {
  /** Command name reported as the envelope's `tool`. */
  tool: string;
  /** Human text, the default mode. */
  text(data: D): string;
  /** `--compact`; falls back to `text`. */
  compact?(data: D): string;
  /** `--tabular`; without tables the command prints its text. */
  tables?: readonly TableSpec<D>[];
  envelope?: EnvelopeSpec<D>;
  /** Present on preview-capable commands (`--budget`, `--max-items`, `--max-bytes`). */
  preview?: PreviewSpec<D>;
  /** Keys whose string values are paths (default `DEFAULT_PATH_KEYS`). */
  pathKeys?: readonly string[];
}

/** Identity helper so a spec's data type is inferred once and checked everywhere. */
export function defineOutput<D>(spec: OutputSpec<D>): OutputSpec<D> {
  return spec;
}
