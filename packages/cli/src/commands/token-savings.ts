import { defineCommand } from "../definition/define-command";

/** `tsift token-savings --fixture F`: raw reads versus tsift's bounded answers, per case, counted with a real tokenizer. */
export const tokenSavings = defineCommand({
  name: "token-savings",
  summary: "tokens an agent saves: recorded raw reads versus tsift's bounded answers, per case and surface",
  helpOrder: 510,
  positionals: [],
  options: [
    {
      name: "fixture",
      type: "string",
      default: "fixtures/token-savings.json",
      description: "the recorded cases (raw read, answer, required anchors, threshold)",
    },
    { name: "fail-under", type: "boolean", default: false, description: "exit 1 when any case saves less than its threshold or loses a required anchor" },
  ],
  examples: [{ command: "tsift token-savings --fixture fixtures/token-savings.json --fail-under", description: "a CI check of every recorded case" }],
  async run(args, io) {
    const { runTokenSavings } = await import("../token-savings/run-token-savings");
    return runTokenSavings(io, { fixture: args.fixture, failUnder: args["fail-under"] });
  },
});
