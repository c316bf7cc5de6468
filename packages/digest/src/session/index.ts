// Session observability: transcript digests, token cost and cross-session review.
export {
  digestSession,
  SessionDigester,
  type CloseoutStep,
  type CountedItem,
  type SessionDigest,
  type SessionDigestOptions,
  type SessionFailure,
} from "./session-digest";
export {
  sessionCost,
  SessionCoster,
  TOKENS_PER_LINE,
  type CostGuardrail,
  type RepeatedRead,
  type SessionCost,
  type SessionCostOptions,
  type TurnCost,
} from "./session-cost";
export { sessionReview, type ReviewCost, type ReviewedSession, type SessionReview, type SessionReviewOptions } from "./session-review";
export type { NextContext, NextContextFailure } from "./next-context";
export type { LoopCluster } from "./loop-clusters";
export { claudeProjectSlug, discoverSessions, type SessionCandidate, type SessionClient } from "./discover-sessions";
export { detectSessionSource, readSession } from "./read-session";
export {
  SESSION_SOURCES,
  type FileRead,
  type SessionEvent,
  type SessionReadStats,
  type SessionSource,
  type SessionSourceChoice,
  type TokenUsage,
} from "./session-types";
