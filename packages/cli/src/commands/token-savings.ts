import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import { EXIT_CODES } from "../exit-codes";

/** `tsift token-savings --fixture F`: raw reads versus tsift's bounded answers, per case, counted with a real tokenizer. */
export const tokenSavings = defineCommand({
  name: "token-savings",
  summary: "tokens an agent saves: recorded raw reads versus tsift's bounded answers, per case and surface",
  helpOrder: 510,
  positionals: [],
  options: {
    fixture: {
      type: "string",
      description: "the recorded cases (raw read, answer, required anchors, threshold); default: the cases shipped with @tsift/quality",
    },
    failUnder: { type: "boolean", default: false, description: "exit 1 when any case saves less than its threshold or loses a required anchor" },
  },
  examples: [
    { command: "tsift token-savings", description: "the shipped cases: real reads of effect's source, this repository's diffs, test and build output" },
    { command: "tsift token-savings --fixture cases.json --fail-under", description: "a CI check of your own recorded cases" },
  ],
  // `--fail-under` makes any failing case exit 1.
  async run(args, io) {
    const { evaluateTokenSavings, readTokenSavingsFixture } = await import("@tsift/quality");
    const fixture = args.fixture === undefined ? readTokenSavingsFixture() : readTokenSavingsFixture(resolve(io.cwd, args.fixture));
    // The shipped fixture is named the same on every machine, wherever npm installed the package.
    const data = await evaluateTokenSavings(fixture, args.fixture ?? "@tsift/quality/data/token-savings.json");
    return { data, ...(args.failUnder && data.summary.failed ? { exitCode: EXIT_CODES.checkFailed } : {}) };
  },
  output: async () => (await import("../token-savings/token-savings-output")).tokenSavingsOutput,
});
