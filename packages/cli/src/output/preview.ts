import type { Budget } from "./budget";
import { stableHandle } from "./handles";
import type { PreviewSpec } from "./output-spec";
import { truncateBytes } from "./truncate-bytes";

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
      return { ...item, handle: section.ownHandle?.(raw, data) ?? stableHandle(section.prefix, section.identity(raw, data)), expand: section.expand(raw, data) };
    });
    if (section.cap !== false) report[`${section.key}_total`] = section.total ? section.total(data) : items.length;
  }
  report.truncated = Boolean(report.truncated) || cut;
  report.budget = { preset: budget.preset, max_items: budget.maxItems, max_bytes: budget.maxBytes };
  return report as D;
}
