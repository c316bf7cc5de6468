import { TsiftError } from "@tsift/core/light";

/** Hits per named edge class of one simulated surface (rewrite, session, status). */
export type SimCoverage = Record<string, Record<string, number>>;

export class CoverageCounter {
  readonly counts: SimCoverage = {};

  hit(surface: string, edgeClass: string): void {
    const classes = (this.counts[surface] ??= {});
    classes[edgeClass] = (classes[edgeClass] ?? 0) + 1;
  }
}

/**
 * Fails closed when a named edge class got no hit: a generator change that stops producing a
 * class would otherwise leave that path untested while the suite stays green.
 */
export function assertCoverage(coverage: SimCoverage, required: Readonly<Record<string, readonly string[]>>): void {
  const missing = Object.entries(required).flatMap(([surface, classes]) =>
    classes.filter((edgeClass) => !(coverage[surface]?.[edgeClass] ?? 0)).map((edgeClass) => `${surface}/${edgeClass}`),
  );
  if (missing.length) throw new TsiftError("internal", `simulation corpus has no case of ${missing.join(", ")}`);
}
