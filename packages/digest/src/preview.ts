import { stableHandle } from "@tsift/core/light";
import type { Budget } from "./budget";
import { truncateBytes } from "./truncate-bytes";

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
  /** String fields cut to `maxBytes`. */
  truncate?: readonly string[];
  /** False for lists whose length the user chose (a source window's rows): no item cap. */
  cap?: boolean;
  /** False for lists whose items need no handle of their own (rows of a window that has one). */
  handles?: boolean;
  /** Items before any cap (default: the array's length). */
  total?(data: D): number;
  /** An item's own stable handle, kept as its `handle` instead of one derived from `identity`. */
  ownHandle?(item: Record<string, unknown>, data: D): string | null;
}

export interface PreviewSpec<D> {
  sections: readonly PreviewSection<D>[];
}

/** Types one preview section's items; `applyPreview` only sees plain records. */
export function previewSection<D, I>(
  section: Omit<PreviewSection<D>, "identity" | "expand" | "ownHandle"> & {
    identity(item: I, data: D): string;
    expand(item: I, data: D): string;
    ownHandle?(item: I, data: D): string | null;
  },
): PreviewSection<D> {
  return section as unknown as PreviewSection<D>;
}

/**
 * The bounded preview report: each declared section capped to `maxItems`, its long
 * fields cut to `maxBytes`, every item given a deterministic `handle` and an `expand`
 * command. The shape stays the command's own (same keys, fewer items) plus
 * `<section>_total`, `truncated` and the `budget` that was applied, so every output
 * mode renders a preview with the command's usual renderer.
 */
export function applyPreview<D>(data: D, spec: PreviewSpec<D>, budget: Budget): D {
  const report: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  let cut = false;
  for (const section of spec.sections) {
    const items = report[section.key];
    if (!Array.isArray(items)) continue;
    const kept = budget.maxItems === null || section.cap === false ? items : items.slice(0, budget.maxItems);
    cut ||= kept.length < items.length;
    report[section.key] = kept.map((raw: Record<string, unknown>) => {
      const item: Record<string, unknown> = { ...raw };
      if (budget.maxBytes !== null) {
        for (const field of section.truncate ?? []) {
          const value = item[field];
          if (typeof value !== "string") continue;
          item[field] = truncateBytes(value, budget.maxBytes);
          cut ||= item[field] !== value;
        }
      }
      if (section.handles === false) return item;
      return {
        ...item,
        handle: section.ownHandle?.(raw, data) ?? stableHandle(section.prefix, section.identity(raw, data)),
        expand: section.expand(raw, data),
      };
    });
    if (section.cap !== false) report[`${section.key}_total`] = section.total ? section.total(data) : items.length;
  }
  report.truncated = Boolean(report.truncated) || cut;
  report.budget = { preset: budget.preset, max_items: budget.maxItems, max_bytes: budget.maxBytes };
  return report as D;
}
