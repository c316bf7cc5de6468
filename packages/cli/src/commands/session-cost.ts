import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, previewFlags, limitOption } from "../definition/common-options";
import { SOURCE_OPTION } from "../session/session-options";

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
  async run(args, io) {
    const { runSessionCost } = await import("../session/run-session-commands");
    return runSessionCost(io, { input: args.input, source: args.source, limit: args.limit, budget: previewFlags(args), envelope: args.envelope === true });
  },
});
