import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, limitOption } from "../definition/common-options";
import { SOURCE_OPTION, budgetedLimit } from "../session/session-options";

/** `tsift session-cost`: a transcript's token totals, heaviest turns, repeated reads and guardrails. */
export const sessionCost = defineCommand({
  name: "session-cost",
  summary: "a Claude/Codex transcript's token totals, cache-read ratio, heaviest turns, repeated file reads and budget guardrails",
  helpOrder: 610,
  positionals: [],
  options: {
    input: { alias: "i", type: "string", description: "read the transcript from this file instead of stdin (streamed: any size)" },
    source: SOURCE_OPTION,
    limit: limitOption(10, "repeated reads and runtime events shown (0 = all)"),
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift session-cost --input ~/.claude/projects/-work-app/0b4e.jsonl", description: "what a Claude Code session cost, turn by turn" },
    { command: "tsift session-cost --source codex-jsonl --input rollout.jsonl --json", description: "a Codex rollout's tokens as JSON" },
  ],
  async run(options, context) {
    const [{ sessionCost }, { openInput }] = await Promise.all([import("@tsift/digest"), import("../input")]);
    const stream = await openInput(context, options.input, "session transcript");
    const cost = await sessionCost(stream, { source: options.source, limit: budgetedLimit(options.limit, await context.budget()) });
    return { data: { input: options.input ?? null, ...cost } };
  },
  output: async () => (await import("../session/session-output")).sessionCostOutput,
});
