import { withEconomy } from "../digest-economy";
import { summariesForAnchors, type DigestSummaries } from "../summaries/digest-summaries";
import type { LogDigest } from "./log-digest-types";

export type LogDigestWithSummaries = LogDigest & { summaries: DigestSummaries };

/**
 * A log digest plus the cached summaries of the project files its anchors name (the first
 * error's first), read-only from `.tsift/summaries.db` of the project holding `base` (the
 * directory relative anchors are read against: where the command ran). The economy is
 * measured again so it counts the snippets too.
 */
export async function withLogSummaries(digest: LogDigest, base: string): Promise<LogDigestWithSummaries> {
  const anchors = [...(digest.first_error?.anchors ?? []), ...digest.signals.flatMap((group) => group.anchors), ...digest.anchors].map((anchor) => ({
    path: anchor.path,
  }));
  const { economy, ...report } = digest;
  return withEconomy(economy.input_bytes, { ...report, summaries: await summariesForAnchors(base, anchors) });
}
