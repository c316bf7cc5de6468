/** An entry a tally counts: how often, and where it was first seen (the tie-break). */
export interface Tallied {
  count: number;
  first_line: number;
}

/**
 * A keyed count with a memory cap, for logs of any size: once it holds twice
 * `capacity` keys it keeps the `capacity` most frequent (earliest first on ties) and
 * forgets the rest. Pruning sorts at most 2×capacity entries once per capacity
 * insertions, so the cost per line stays constant and the whole run linear. A key
 * forgotten and seen again restarts its count; `pruned` says counts are lower bounds.
 */
export class BoundedTally<T extends Tallied> {
  private readonly entries = new Map<string, T>();
  pruned = false;

  constructor(
    private readonly capacity: number,
    /** Entries that must survive pruning (the first error's group). */
    private readonly pinned: (entry: T) => boolean = () => false,
  ) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: T): void {
    this.entries.set(key, entry);
    if (this.entries.size >= this.capacity * 2) this.prune();
  }

  values(): T[] {
    return [...this.entries.values()];
  }

  private prune(): void {
    const ranked = [...this.entries].sort(
      ([, a], [, b]) => Number(this.pinned(b)) - Number(this.pinned(a)) || b.count - a.count || a.first_line - b.first_line,
    );
    this.entries.clear();
    for (const [key, entry] of ranked.slice(0, this.capacity)) this.entries.set(key, entry);
    this.pruned = true;
  }
}
