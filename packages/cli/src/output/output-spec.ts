/**
 * How a command's data is shown, declared once per command: the pipeline
 * (`render-output.ts`) picks the mode from the global flags and applies the shared
 * transforms (paths, previews, terse keys, columns, envelopes), so commands only
 * return data and describe it.
 */

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

/** A list in the data that budgets cap and that gets `handle` + `expand` per item. */
export interface PreviewSection<D> {
  /** The array field of the data. */
  key: string;
  /** Handle prefix, e.g. `ssym` gives `ssym-<12 hex>`. */
  prefix: string;
  /** Stable identity of an item: same item, same handle, on every run and machine. */
  identity(item: Record<string, unknown>, data: D): string;
  /** The command that expands the item. */
  expand(item: Record<string, unknown>, data: D): string;
  /** String fields cut to `--max-bytes`. */
  truncate?: readonly string[];
  /** False for lists whose length the user chose (a source window's rows): no item cap. */
  cap?: boolean;
  /** False for lists whose items need no handle of their own (rows of a window that has one). */
  handles?: boolean;
  /** Items before any cap (default: the array's length). */
  total?(data: D): number;
  /** An item's own stable handle (a `gsym-*`), kept as its `handle` instead of one derived from `identity`. */
  ownHandle?(item: Record<string, unknown>, data: D): string | null;
}

export interface PreviewSpec<D> {
  sections: readonly PreviewSection<D>[];
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

/** Types one preview section's items; the pipeline only sees plain records. */
export function previewSection<D, I>(
  section: Omit<PreviewSection<D>, "identity" | "expand" | "ownHandle"> & { identity(item: I, data: D): string; expand(item: I, data: D): string; ownHandle?(item: I, data: D): string | null },
): PreviewSection<D> {
  return section as unknown as PreviewSection<D>;
}
