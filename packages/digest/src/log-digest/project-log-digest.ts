import { digestLog, digestLogStream } from "./log-digest";
import type { LogDigestOptions } from "./log-digest-types";
import { withLogSummaries, type LogDigestWithSummaries } from "./log-summaries";

export interface LogDigestRequest extends LogDigestOptions {
  /** The captured log: its text, or a stream read chunk by chunk (never whole, so any size costs bounded memory). */
  log: string | AsyncIterable<string | Buffer | Uint8Array> | NodeJS.ReadableStream;
  /** The file the log was read from, reported as `input`; default null (piped in). */
  input?: string | null | undefined;
  /** The directory relative anchors are read against for cached summaries; default the working directory. */
  cwd?: string | undefined;
}

/** `tsift log-digest --json`: the digest, where it came from, and the cached summaries of the files its anchors name. */
export type ProjectLogDigest = { input: string | null } & LogDigestWithSummaries;

/**
 * `tsift log-digest`: a captured log as grouped signals, collapsed repeats and file:line
 * anchors (`digestLog`, defaults limit 10 and context 2), plus the cached summaries of
 * the project files the anchors name (`withLogSummaries`, read-only).
 */
export async function logDigest(request: LogDigestRequest): Promise<ProjectLogDigest> {
  const { log, input, cwd, ...options } = request;
  const digest = typeof log === "string" ? digestLog(log, options) : await digestLogStream(log, options);
  return { input: input ?? null, ...(await withLogSummaries(digest, cwd ?? process.cwd())) };
}
