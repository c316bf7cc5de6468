import { resolve } from "node:path";
import { digestSession, resolveBudget, sessionCost, sessionReview, type BudgetFlags, type SessionSourceChoice } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { openInput } from "../input";
import type { CliIo } from "../io";
import { sessionCostOutput, sessionDigestOutput, type SessionCostData, type SessionDigestData } from "./session-output";
import { nextContextOutput, sessionReviewOutput, type NextContextData, type SessionReviewData } from "./session-review-output";

interface Common {
  limit: number;
  budget: BudgetFlags;
  envelope: boolean;
}

/** `--limit`, narrowed by a budget's `--max-items` when that is smaller. */
function effectiveLimit(io: CliIo, flags: Common): number {
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  return budget?.maxItems != null && (flags.limit === 0 || budget.maxItems < flags.limit) ? budget.maxItems : flags.limit;
}

export async function runSessionDigest(
  io: CliIo,
  flags: Common & { input?: string | undefined; source: string; path?: string | undefined },
): Promise<CommandResult<SessionDigestData>> {
  const stream = await openInput(io, flags.input, "session transcript");
  const digest = await digestSession(stream, {
    source: flags.source as SessionSourceChoice,
    limit: effectiveLimit(io, flags),
    root: resolve(io.cwd, flags.path ?? "."),
  });
  return commandResult({ input: flags.input ?? null, ...digest }, sessionDigestOutput);
}

export async function runSessionCost(io: CliIo, flags: Common & { input?: string | undefined; source: string }): Promise<CommandResult<SessionCostData>> {
  const stream = await openInput(io, flags.input, "session transcript");
  const cost = await sessionCost(stream, { source: flags.source as SessionSourceChoice, limit: effectiveLimit(io, flags) });
  return commandResult({ input: flags.input ?? null, ...cost }, sessionCostOutput);
}

export async function runSessionReview(
  io: CliIo,
  flags: Common & {
    target: string;
    nextContext: boolean;
    sessions: number;
    claudeDir?: string | undefined;
    codexDir?: string | undefined;
    transcripts?: string | undefined;
  },
): Promise<CommandResult<SessionReviewData> | CommandResult<NextContextData>> {
  const home = io.env.HOME;
  const review = await sessionReview({
    target: flags.target,
    cwd: io.cwd,
    sessions: flags.sessions,
    limit: effectiveLimit(io, flags),
    ...(flags.claudeDir !== undefined ? { claudeDir: resolve(io.cwd, flags.claudeDir) } : home ? { claudeDir: resolve(home, ".claude") } : {}),
    ...(flags.codexDir !== undefined ? { codexDir: resolve(io.cwd, flags.codexDir) } : home ? { codexDir: resolve(home, ".codex") } : {}),
    ...(flags.transcripts !== undefined ? { transcriptDir: flags.transcripts } : {}),
  });
  if (flags.nextContext) return commandResult({ target: review.target, sessions: review.sessions.length, ...review.next_context }, nextContextOutput);
  return commandResult(review, sessionReviewOutput);
}
