import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core/light";
import { assertCoverage, CoverageCounter } from "../src/simworld/coverage";
import { promptTarget } from "../src/session/extract";
import { SimRandom } from "../src/simworld/prng";
import { checkRewriteCase } from "../src/simworld/rewrite-world";
import { runSimWorld, SIM_WORLD_CLASSES } from "../src/simworld/run-sim-world";

describe("deterministic simulation", () => {
  it("a seeded corpus of a few hundred cases breaks no invariant and reaches every edge class", async () => {
    const report = await runSimWorld({ seed: 16, rewriteCases: 300, sessionCases: 200, statusWorlds: 2, statusSteps: 20 });
    expect(report.failures).toEqual([]);
    expect(report.cases).toBe(540);
    for (const [surface, classes] of Object.entries(SIM_WORLD_CLASSES))
      for (const edgeClass of classes) expect(report.coverage[surface]?.[edgeClass], `${surface}/${edgeClass}`).toBeGreaterThan(0);
  });

  it("the same seed makes the same corpus; another seed another", async () => {
    const options = { rewriteCases: 120, sessionCases: 80, statusWorlds: 0, statusSteps: 0 };
    const fail = () => {
      throw new Error("unreachable");
    };
    const coverageOf = async (seed: number) => (await runSimWorld({ seed, ...options }).catch(fail)).coverage;
    expect(await coverageOf(7)).toEqual(await coverageOf(7));
    expect(await coverageOf(7)).not.toEqual(await coverageOf(8));
    const a = new SimRandom(1);
    const b = new SimRandom(1);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });

  it("coverage fails closed when a named class gets no hit", () => {
    const counter = new CoverageCounter();
    counter.hit("rewrite", "search");
    let caught: unknown;
    try {
      assertCoverage(counter.counts, { rewrite: ["search", "glob"] });
    } catch (error) {
      caught = error;
    }
    expect(isTsiftError(caught, "internal")).toBe(true);
    expect((caught as Error).message).toMatch(/rewrite\/glob/);
    // A status walk too short to reach every transition is a coverage failure, not a pass.
    return expect(runSimWorld({ seed: 3, rewriteCases: 200, sessionCases: 200, statusWorlds: 1, statusSteps: 1 })).rejects.toThrow(/status\/missing/);
  });

  it("the rewrite invariants catch a pass-through that should have routed and a route that should not", () => {
    expect(checkRewriteCase("search", "rg getUser src")).toBeNull();
    expect(checkRewriteCase("listing", "ls -la src")).toBeNull();
    expect(checkRewriteCase("search", "ls -la src")).toMatch(/expected a search rewrite/);
    expect(checkRewriteCase("pipe", "rg getUser src")).toMatch(/was rewritten/);
  });

  it("a slash-command or system-reminder record is no prompt, even with text after it (found by the session corpus)", () => {
    expect(promptTarget("<command-name>/clear</command-name>\nfix the flaky test")).toBeNull();
    expect(promptTarget("<system-reminder>\nfix the flaky test\n</system-reminder>")).toBeNull();
    expect(promptTarget("## Task\nfix the flaky test")).toBe("fix the flaky test");
  });
});
