import { TsiftError } from "@tsift/core/light";

export interface CappedList<T> {
  items: T[];
  total: number;
  truncated: boolean;
}

/** `--limit N` for one list: the first N items (0 = all) with the total before the cap. */
export function capList<T>(items: readonly T[], limit: number): CappedList<T> {
  if (!Number.isInteger(limit) || limit < 0) throw new TsiftError("usage", `--limit expects a whole number >= 0 (0 = all), got ${String(limit)}`);
  const kept = limit === 0 ? [...items] : items.slice(0, limit);
  return { items: kept, total: items.length, truncated: kept.length < items.length };
}

/** The text-mode marker for a capped list, or nothing. */
export function moreLine(shown: number, total: number): string[] {
  return total > shown ? [`(+${total - shown} more)`] : [];
}
