import { resolve } from "node:path";
import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, limitOption } from "../definition/common-options";
import { budgetedLimit } from "../session/session-options";

/** `tsift session-review <target>`: the newest Claude and Codex sessions of a repository path, reviewed together. */
export const sessionReview = defineCommand({
  name: "session-review",
  summary: "the newest Claude/Codex sessions of a repo path: the latest session's digest and cost, the bounded aggregate, and a resume packet",
  helpOrder: 620,
  positionals: [{ name: "target", required: false, description: "a repository directory or a document in it (default: .)" }],
  options: {
    nextContext: {
      type: "boolean",
      default: false,
      description: "print only the compact resume packet: prompt targets, closeout, files, unresolved failures, next actions",
    },
    sessions: { type: "number", default: 5, min: 1, description: "newest matched sessions reviewed" },
    claudeDir: { type: "string", description: "Claude Code's home, holding projects/<slug>/*.jsonl (default: ~/.claude)" },
    codexDir: { type: "string", description: "Codex's home, holding sessions/YYYY/MM/DD/rollout-*.jsonl (default: ~/.codex)" },
    transcripts: {
      type: "string",
      description: "read sessions from this directory instead of both homes: a Claude or Codex home, or a directory of *.jsonl transcripts",
    },
    limit: limitOption(10, "items per list (0 = all)"),
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift session-review .", description: "what the recent sessions in this repository did and cost" },
    { command: "tsift session-review tasks/plan.md --next-context", description: "the packet to resume work on a task document" },
    { command: "tsift --envelope session-review . --next-context --budget normal", description: "a bounded resume envelope" },
  ],
  // The homes default to ~/.claude and ~/.codex; `--next-context` names the resume packet's renderer instead of the review's.
  async run(options, context): Promise<CommandResult> {
    const [{ sessionReview }, { commandResult }, reviewOutputs] = await Promise.all([
      import("@tsift/digest"),
      import("../command-result"),
      import("../session/session-review-output"),
    ]);
    const { cwd } = context;
    const home = context.env.HOME;
    const review = await sessionReview({
      target: options.target ?? ".",
      cwd,
      sessions: options.sessions,
      limit: budgetedLimit(options.limit, await context.budget()),
      ...(options.claudeDir !== undefined ? { claudeDir: resolve(cwd, options.claudeDir) } : home ? { claudeDir: resolve(home, ".claude") } : {}),
      ...(options.codexDir !== undefined ? { codexDir: resolve(cwd, options.codexDir) } : home ? { codexDir: resolve(home, ".codex") } : {}),
      ...(options.transcripts !== undefined ? { transcriptDir: options.transcripts } : {}),
    });
    if (options.nextContext) {
      return commandResult({ target: review.target, sessions: review.sessions.length, ...review.next_context }, reviewOutputs.nextContextOutput);
    }
    return commandResult(review, reviewOutputs.sessionReviewOutput);
  },
});
