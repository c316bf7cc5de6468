import { describe, expect, it } from "vitest";
import { DEFAULT_FUSION_TUNING, fuseScores, isGeneratedPath, type FusionInput } from "./answer-fusion";

const unit = (over: Partial<FusionInput>): FusionInput => ({
  file: "src/a.ts",
  lexical: 0,
  model: null,
  definition: true,
  name: false,
  test: false,
  generated: false,
  ...over,
});

/** Indexes of `inputs` from best to worst fused score. */
const order = (inputs: FusionInput[], tuning = DEFAULT_FUSION_TUNING) =>
  fuseScores(inputs, tuning)
    .map((fused, index) => ({ index, score: fused.score }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.index);

describe("fuseScores", () => {
  it("puts a unit both rankers like above one only the lexical ranker puts first", () => {
    const inputs = [
      unit({ file: "a.py", lexical: 9, model: 0.1 }),
      unit({ file: "b.py", lexical: 8, model: 0.9 }),
      unit({ file: "c.py", lexical: 1, model: 0.2 }),
    ];
    const even = { ...DEFAULT_FUSION_TUNING, lexicalWeight: 1, modelWeight: 1 };
    expect(order(inputs, even)).toEqual([1, 0, 2]);
    expect(fuseScores(inputs, even)[1]!.why).toBe("bm25+model+def");
    // A lighter model weight lets BM25F's first keep the lead.
    expect(order(inputs, { ...even, modelWeight: 0.2 })).toEqual([0, 1, 2]);
  });

  it("lets the model bring up a unit with none of the query's words", () => {
    const inputs = [unit({ file: "a.py", lexical: 3, model: 0.05 }), unit({ file: "b.py", lexical: 0, model: 0.8 })];
    const fused = fuseScores(inputs, { ...DEFAULT_FUSION_TUNING, definitionBoost: 1 });
    expect(fused[1]!.score).toBeGreaterThan(0);
    expect(fused[1]!.why).toBe("model");
    expect(fused[0]!.why).toBe("bm25+model");
  });

  it("ranks by BM25F alone when no model scores", () => {
    const inputs = [unit({ file: "a.py", lexical: 1 }), unit({ file: "b.py", lexical: 5, name: true }), unit({ file: "c.py", lexical: 0 })];
    expect(order(inputs)).toEqual([1, 0, 2]);
    expect(fuseScores(inputs).map((fused) => fused.why)).toEqual(["bm25+def", "bm25+name+def", "def"]);
    expect(fuseScores(inputs)[2]!.score).toBe(0);
  });

  it("down-ranks tests and generated code, and boosts declarations over module-level code", () => {
    const same = { lexical: 4, model: 0.5 };
    const inputs = [
      unit({ file: "test/a.test.ts", ...same, test: true }),
      unit({ file: "gen/b.ts", ...same, generated: true }),
      unit({ file: "c.ts", ...same, definition: false }),
      unit({ file: "d.ts", ...same }),
    ];
    expect(order(inputs)[0]).toBe(3);
    expect(order(inputs)[1]).toBe(2);
    const why = fuseScores(inputs).map((fused) => fused.why);
    expect(why[0]).toContain("test");
    expect(why[1]).toContain("generated");
    expect(why[2]).not.toContain("def");
  });

  it("raises a unit whose file holds another strong candidate", () => {
    const inputs = [
      unit({ file: "lone.ts", lexical: 5, model: 0.5 }),
      unit({ file: "pair.ts", lexical: 5, model: 0.5 }),
      unit({ file: "pair.ts", lexical: 6, model: 0.6 }),
    ];
    // Ties on both rankers: without aggregation input order decides; with it the file with two wins.
    expect(order(inputs, { ...DEFAULT_FUSION_TUNING, fileWeight: 0 })).toEqual([2, 0, 1]);
    expect(order(inputs)).toEqual([2, 1, 0]);
    expect(fuseScores(inputs)[1]!.why).toContain("file");
    expect(fuseScores(inputs)[0]!.why).not.toContain("file");
  });

  it("scales the lexical term by the share of query words when coverageWeight asks", () => {
    // BM25F's first has one query word of four; the model's clear first has none.
    const inputs = [unit({ file: "port.ts", lexical: 3, coverage: 0.25, model: 0.1 }), unit({ file: "lcm.py", lexical: 0, model: 0.5 })];
    const tuning = { ...DEFAULT_FUSION_TUNING, rrfK: 1, modelWeight: 1, definitionBoost: 1, fileWeight: 0 };
    expect(order(inputs, { ...tuning, coverageWeight: 0 })).toEqual([0, 1]);
    expect(order(inputs, { ...tuning, coverageWeight: 1 })).toEqual([1, 0]);
  });

  it("gives tied scores the same rank", () => {
    const fused = fuseScores([unit({ file: "a.ts", model: 0.5 }), unit({ file: "b.ts", model: 0.5 })]);
    expect(fused[0]!.score).toBe(fused[1]!.score);
  });
});

describe("isGeneratedPath", () => {
  it("knows generated and vendored paths by their segments", () => {
    expect(isGeneratedPath("src/generated/api.ts")).toBe(true);
    expect(isGeneratedPath("proto/user_pb2.py")).toBe(true);
    expect(isGeneratedPath("lib/schema.gen.go")).toBe(true);
    expect(isGeneratedPath("vendor/lib/x.c")).toBe(true);
    expect(isGeneratedPath("src/generator.ts")).toBe(false);
    expect(isGeneratedPath("src/general/regen.ts")).toBe(false);
  });
});
