import { defineCommand } from "../definition/define-command";
import { resolve } from "node:path";
import { PREVIEW_OPTIONS, limitOption } from "../definition/common-options";
import { SOURCE_OPTION, budgetedLimit } from "../session/session-options";

/** `tsift session-digest`: a session transcript (stdin or --input, streamed) as bounded execution evidence. */
export const sessionDigest = defineCommand({
  name: "session-digest",
  summary: "a Claude/Codex transcript, markdown session document or runtime log as prompts, commands, files, failures, restarts and closeout",
  helpOrder: 600,
  positionals: [],
  options: {
    input: { alias: "i", type: "string", description: "read the transcript from this file instead of stdin (streamed: any size)" },
    source: SOURCE_OPTION,
    path: { alias: "p", type: "string", description: "project directory used to tell real files from directories and labels (default: .)" },
    limit: limitOption(10, "items per list: prompt targets, commands, files, symbols, failures (0 = all)"),
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift session-digest --input ~/.claude/projects/-work-app/0b4e.jsonl", description: "what a Claude Code session did" },
    { command: "tsift session-digest --source codex-jsonl --input rollout.jsonl --json", description: "a Codex rollout as JSON" },
    { command: "tsift --envelope session-digest --budget small < tasks/notes.md", description: "a markdown session document as a small envelope" },
  ],
  async run(options, context) {
    const [{ digestSession }, { openInput }] = await Promise.all([import("@tsift/digest"), import("../input")]);
    const stream = await openInput(context, options.input, "session transcript");
    const digest = await digestSession(stream, {
      source: options.source,
      limit: budgetedLimit(options.limit, await context.budget()),
      root: resolve(context.cwd, options.path ?? "."),
    });
    return { data: { input: options.input ?? null, ...digest } };
  },
  output: async () => (await import("../session/session-output")).sessionDigestOutput,
});
