import type { DigestSummaries } from "@tsift/digest";

/**
 * A digest's cached summaries for humans: the snippets when current, else one line saying
 * why there are none. Silent for a project never summarized (no cache) and for a digest
 * that points at no project file, so digests of such projects cost no extra tokens.
 */
export function digestSummaryLines(summaries: DigestSummaries | undefined): string[] {
  if (summaries === undefined || !summaries.cached) return [];
  const { current, stale, missing } = summaries.files;
  if (summaries.state !== "unavailable" && current + stale + missing === 0) return [];
  if (summaries.state === "current") return ["summaries:", ...summaries.snippets.map((snippet) => `  ${snippet.file} ${snippet.symbol}: ${snippet.summary}`)];
  const why = summaries.state === "unavailable" && summaries.note ? `: ${summaries.note}` : "";
  return [`summaries: ${summaries.state}${why}${summaries.next ? ` (${summaries.next})` : ""}`];
}
