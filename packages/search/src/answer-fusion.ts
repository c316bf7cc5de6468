/**
 * How the ranked answer to a prose query combines its signals (tuned on the docstring task
 * set's tuning half): BM25F over each unit's fields, the code model's similarity between the
 * query and the unit, and code-aware adjustments.
 */
export interface FusionTuning {
  /** Reciprocal-rank-fusion constant: a unit ranked r by a ranker gains weight / (rrfK + r). */
  rrfK: number;
  /** Weight of the BM25F ranking. */
  lexicalWeight: number;
  /** Weight of the model ranking. */
  modelWeight: number;
  /**
   * How much the lexical term depends on the share of query words a unit has: it is scaled
   * by 1 - w + w * coverage, so a unit that ranks first on one word of four does not
   * outweigh the model's clear first.
   */
  coverageWeight: number;
  /** A declaration (function, method, class) over module-level code: its score times this. */
  definitionBoost: number;
  /** Test files: score times this (an answer is rarely the test of what a sentence describes). */
  testFactor: number;
  /** Generated or vendored code: score times this. */
  generatedFactor: number;
  /** File-level aggregation: a unit gains this times the best other unit's score in its file. */
  fileWeight: number;
  /** A ranker's rank up to which it is named in `why`. */
  whyDepth: number;
}

export const DEFAULT_FUSION_TUNING: FusionTuning = {
  rrfK: 5,
  lexicalWeight: 1,
  modelWeight: 0.5,
  coverageWeight: 0,
  definitionBoost: 1.1,
  testFactor: 0.5,
  generatedFactor: 0.5,
  fileWeight: 0.25,
  whyDepth: 10,
};

/** One candidate unit as the fusion sees it. */
export interface FusionInput {
  file: string;
  /** BM25F score; 0 when the unit has none of the query's words. */
  lexical: number;
  /** The share of the query's words the unit has, in [0, 1] (1 when unknown). */
  coverage?: number;
  /** Cosine similarity with the query; null when no model ranks (lexical answer). */
  model: number | null;
  /** A declaration rather than module-level code. */
  definition: boolean;
  /** The symbol ranker matched its name. */
  name: boolean;
  test: boolean;
  generated: boolean;
}

export interface FusedScore {
  score: number;
  /** The signals that put the unit where it is, joined by `+`: `bm25`, `model`, `name`, `def`, `file`, `test`, `generated`. */
  why: string;
}

/**
 * Fuses the two rankings by reciprocal rank (ties share a rank; a unit a ranker did not
 * score gains nothing from it), then scales by the code-aware factors and adds the file's
 * aggregate: units of a file that holds other strong candidates rise together. With
 * `model` null everywhere only the lexical ranking counts. Pure and deterministic.
 */
export function fuseScores(inputs: readonly FusionInput[], tuning: FusionTuning = DEFAULT_FUSION_TUNING): FusedScore[] {
  const lexicalRank = ranks(inputs.map((input) => (input.lexical > 0 ? input.lexical : null)));
  const modelRank = ranks(inputs.map((input) => input.model));
  const base = inputs.map((input, index) => {
    let score = 0;
    const lr = lexicalRank[index]!;
    const mr = modelRank[index]!;
    if (lr !== null) score += (tuning.lexicalWeight * (1 - tuning.coverageWeight + tuning.coverageWeight * (input.coverage ?? 1))) / (tuning.rrfK + lr);
    if (mr !== null) score += tuning.modelWeight / (tuning.rrfK + mr);
    if (input.definition) score *= tuning.definitionBoost;
    if (input.test) score *= tuning.testFactor;
    if (input.generated) score *= tuning.generatedFactor;
    return score;
  });
  // The best and second-best unit score per file: a unit's file bonus is the best of the others.
  const best = new Map<string, [number, number]>();
  inputs.forEach((input, index) => {
    const pair = best.get(input.file) ?? [0, 0];
    const score = base[index]!;
    if (score > pair[0]) best.set(input.file, [score, pair[0]]);
    else if (score > pair[1]) best.set(input.file, [pair[0], score]);
    else best.set(input.file, pair);
  });
  return inputs.map((input, index) => {
    const own = base[index]!;
    const [first, second] = best.get(input.file)!;
    const other = own >= first ? second : first;
    const bonus = tuning.fileWeight * other;
    const why: string[] = [];
    const lr = lexicalRank[index]!;
    const mr = modelRank[index]!;
    if (lr !== null && lr <= tuning.whyDepth) why.push("bm25");
    if (mr !== null && mr <= tuning.whyDepth) why.push("model");
    // Deeper than whyDepth in both: name the ranker that gave it more.
    if (why.length === 0 && (lr !== null || mr !== null)) why.push(mr === null || (lr !== null && lr <= mr) ? "bm25" : "model");
    if (input.name) why.push("name");
    if (input.definition && tuning.definitionBoost > 1) why.push("def");
    if (bonus > 0.25 * own && bonus > 0) why.push("file");
    if (input.test && tuning.testFactor < 1) why.push("test");
    if (input.generated && tuning.generatedFactor < 1) why.push("generated");
    return { score: own + bonus, why: why.join("+") };
  });
}

/** 1-based competition ranks of the non-null values, highest first; null stays null. */
function ranks(values: readonly (number | null)[]): (number | null)[] {
  const order = values
    .map((value, index) => ({ value, index }))
    .filter((entry): entry is { value: number; index: number } => entry.value !== null)
    .sort((a, b) => b.value - a.value || a.index - b.index);
  const out: (number | null)[] = values.map(() => null);
  let rank = 0;
  order.forEach((entry, position) => {
    if (position === 0 || entry.value < order[position - 1]!.value) rank = position + 1;
    out[entry.index] = rank;
  });
  return out;
}

/** Generated or vendored code, by path segments every language shares (`generated/`, `*.gen.*`, `vendor/`, `*.min.*`, `*_pb2*`). */
export function isGeneratedPath(path: string): boolean {
  return /(^|\/)(generated|__generated__|gen|vendor|third_party|node_modules)\/|[._-](generated|gen|pb|pb2|min)\.[^/]+$|_pb2(_grpc)?\.[^/]+$/i.test(path);
}
