/** Distinct keys tracked per list; past it new keys are dropped and the report says its counts are lower bounds. */
export const MAX_DISTINCT = 2000;

/** Counts per key in first-seen order, with a cap on distinct keys so a flood of unique lines costs bounded memory. */
export class BoundedCounter<V extends object = object> {
  readonly entries = new Map<string, { count: number; value: V; order: number; last: number }>();
  approximate = false;
  private tick = 0;

  add(key: string, value: V): { count: number; value: V } | null {
    this.tick++;
    const entry = this.entries.get(key);
    if (entry) {
      entry.count++;
      entry.last = this.tick;
      return entry;
    }
    if (this.entries.size >= MAX_DISTINCT) {
      this.approximate = true;
      return null;
    }
    const created = { count: 1, value, order: this.tick, last: this.tick };
    this.entries.set(key, created);
    return created;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Entries most frequent first, ties by first appearance: deterministic. */
  byCount(): { key: string; count: number; value: V }[] {
    return [...this.entries]
      .sort((a, b) => b[1].count - a[1].count || a[1].order - b[1].order)
      .map(([key, entry]) => ({ key, count: entry.count, value: entry.value }));
  }

  /** Entries most recently seen first. */
  byRecent(): { key: string; count: number; value: V }[] {
    return [...this.entries].sort((a, b) => b[1].last - a[1].last).map(([key, entry]) => ({ key, count: entry.count, value: entry.value }));
  }
}
