import { describe, expect, it } from "vitest";
import { DEFAULT_ANSWER_TUNING, ftsQuery, rankedAnswer, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

/** Functions whose names spell a description's words the way code does: short forms and glued phrases. */
const TOOLS = {
  "tools/fsutil.py": [
    "def ensure_file_exists(target):",
    "    return target.exists()",
    "",
    "def ensure_dir(target):",
    "    target.mkdir(parents=True)",
    "",
  ].join("\n"),
  "tools/registry.py": [
    "def find_by_nodeid(nodeid):",
    "    return REGISTRY[nodeid]",
    "",
    "def label_of(node, id_prefix):",
    "    return id_prefix + node.name",
    "",
  ].join("\n"),
};

async function firstAnswer(query: string): Promise<string | null> {
  const project = await indexedProject(TOOLS);
  const db = project.open();
  try {
    return rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 })[0]?.symbol ?? null;
  } finally {
    db.close();
  }
}

describe("the ranked answer matches the words code writes for a description's words", () => {
  it("finds `dir` in a name for `directory`", async () => {
    expect(await firstAnswer("make sure the directory exists")).toBe("ensure_dir");
  });

  it("finds a phrase glued into one token (`node id` in `nodeid`)", async () => {
    expect(await firstAnswer("look up by node id")).toBe("find_by_nodeid");
  });
});

/** A class whose fields and name share a sentence's words with the method the sentence describes. */
const POLICY = {
  "net/policy.py": [
    "class RetryPolicy:",
    "    base_delay = 1",
    "    max_attempts = 5",
    "",
    "    def delay(self, attempt):",
    "        return self.base_delay * 2 ** attempt",
    "",
  ].join("\n"),
};

describe("the ranked answer weighs a class below the members it holds", () => {
  it("points a sentence about a method at the method, not at its class", async () => {
    const project = await indexedProject(POLICY);
    const db = project.open();
    try {
      const query = "the retry delay of a policy for an attempt";
      const order = (tuning?: typeof DEFAULT_ANSWER_TUNING) =>
        rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 }, tuning).map((item) => `${item.kind} ${item.start_line}`);
      expect(order()[0]).toBe("method 5");
      // The class's own lines alone would win: the factor is what puts the method first.
      expect(order({ ...DEFAULT_ANSWER_TUNING, classFactor: 1 })[0]).toBe("class 1");
    } finally {
      db.close();
    }
  });
});

describe("the ranked answer reads a unit's name as what it is", () => {
  it("scales a unit's score by the share of its name's parts the query says", async () => {
    const project = await indexedProject({
      "jobs/backoff.py": [
        "def backoff_delay(attempt):",
        "    return 2 ** attempt",
        "",
        "def retry_with_backoff_delay(task, attempt):",
        "    sleep(backoff_delay(attempt))",
        "    return task.run()",
        "",
      ].join("\n"),
    });
    const db = project.open();
    try {
      const query = "the backoff delay";
      const scores = (tuning: typeof DEFAULT_ANSWER_TUNING) =>
        new Map(rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 }, tuning).map((item) => [item.symbol, item.score]));
      const without = scores({ ...DEFAULT_ANSWER_TUNING, nameCoverage: 0 });
      const withIt = scores(DEFAULT_ANSWER_TUNING);
      // backoff_delay: both parts said (x1.25); retry_with_backoff_delay: two of four (x1.125).
      expect(withIt.get("backoff_delay")! / without.get("backoff_delay")!).toBeCloseTo(1 + DEFAULT_ANSWER_TUNING.nameCoverage, 3);
      expect(withIt.get("retry_with_backoff_delay")! / without.get("retry_with_backoff_delay")!).toBeCloseTo(1 + DEFAULT_ANSWER_TUNING.nameCoverage / 2, 3);
    } finally {
      db.close();
    }
  });

  it("names module-level code by what it declares", async () => {
    const project = await indexedProject({
      "src/retry.ts": [
        "export const retryPolicy = exponential(100).pipe(jittered);",
        "",
        "export function retry(policy: Policy, effect: Effect) {",
        "  return effect.retry(policy);",
        "}",
        "",
      ].join("\n"),
    });
    const db = project.open();
    try {
      const query = "the policy for retries";
      const first = (tuning: typeof DEFAULT_ANSWER_TUNING) =>
        rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 }, tuning).map(
          (item) => `${item.kind ?? "module"} ${item.start_line}`,
        )[0];
      expect(first(DEFAULT_ANSWER_TUNING)).toBe("module 1");
      expect(first({ ...DEFAULT_ANSWER_TUNING, declaredNames: false })).toBe("function 3");
    } finally {
      db.close();
    }
  });
});
