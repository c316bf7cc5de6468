import { assertCoverage, CoverageCounter, type SimCoverage } from "./coverage";
import { SimRandom } from "./prng";
import { REWRITE_CLASSES, simulateRewrite } from "./rewrite-world";
import { SESSION_CLASSES, simulateSession } from "./session-world";
import { STATUS_CLASSES, simulateStatus } from "./status-world";

export interface SimWorldOptions {
  seed: number;
  /** Generated shell commands for rewrite routing. */
  rewriteCases: number;
  /** Generated user messages for prompt-target extraction. */
  sessionCases: number;
  /** Temp projects walked through index status transitions, and steps per project. */
  statusWorlds: number;
  statusSteps: number;
}

export interface SimWorldReport {
  seed: number;
  cases: number;
  coverage: SimCoverage;
  /** Broken invariants, each naming the class and the generated input (empty on success). */
  failures: string[];
}

/** The edge classes every corpus must reach; `assertCoverage` fails on any with no hit. */
export const SIM_WORLD_CLASSES: Readonly<Record<string, readonly string[]>> = { rewrite: REWRITE_CLASSES, session: SESSION_CLASSES, status: STATUS_CLASSES };

/**
 * The deterministic simulation: one seed gives one corpus of rewrite commands, session prompts
 * and index status walks, each checked against the real code; the same seed reproduces a failure.
 * Throws (`internal`) when a named edge class of a surface that ran got no case.
 */
export async function runSimWorld(options: SimWorldOptions): Promise<SimWorldReport> {
  const random = new SimRandom(options.seed);
  const coverage = new CoverageCounter();
  const failures: string[] = [];
  for (let index = 0; index < options.rewriteCases; index++) simulateRewrite(random, coverage, failures);
  for (let index = 0; index < options.sessionCases; index++) simulateSession(random, coverage, failures, index);
  for (let world = 0; world < options.statusWorlds; world++) await simulateStatus(random, coverage, failures, options.statusSteps);
  // A surface that ran must reach all its classes; one switched off (0 cases) is not asked to.
  const ran = { rewrite: options.rewriteCases, session: options.sessionCases, status: options.statusWorlds * options.statusSteps };
  assertCoverage(coverage.counts, Object.fromEntries(Object.entries(SIM_WORLD_CLASSES).filter(([surface]) => ran[surface as keyof typeof ran] > 0)));
  return {
    seed: options.seed,
    cases: options.rewriteCases + options.sessionCases + options.statusWorlds * options.statusSteps,
    coverage: coverage.counts,
    failures,
  };
}
