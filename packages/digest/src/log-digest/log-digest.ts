import { TsiftError } from "@tsift/core/light";
import { LogDigester } from "./log-digester";
import type { LogDigest, LogDigestOptions } from "./log-digest-types";

/**
 * A bounded digest of a captured log: repeated lines collapsed by shape, signal lines
 * (errors, warnings, panics, tracebacks, non-zero exit codes, failures) grouped with
 * their first and last occurrence and context, the first error with its `file:line`
 * anchors, and the head and tail of the run. Throws `TsiftError` (`invalid_input`)
 * only for a non-string input or invalid options; any text digests.
 */
export function digestLog(text: string, options: LogDigestOptions = {}): LogDigest {
  if (typeof text !== "string") throw new TsiftError("invalid_input", `digestLog expects a string, got ${typeof text}`);
  const digester = new LogDigester(options);
  digester.push(text);
  return digester.finish();
}

/**
 * `digestLog` over a stream (a file, stdin, a child's output), chunk by chunk: the
 * result equals `digestLog` of the whole text, and memory stays bounded whatever the
 * stream's length.
 */
export async function digestLogStream(
  source: AsyncIterable<string | Buffer | Uint8Array> | Iterable<string | Buffer | Uint8Array> | NodeJS.ReadableStream,
  options: LogDigestOptions = {},
): Promise<LogDigest> {
  const digester = new LogDigester(options);
  if (source === null || typeof source !== "object" || !(Symbol.asyncIterator in source || Symbol.iterator in source))
    throw new TsiftError("invalid_input", "digestLogStream expects an async iterable, an iterable of chunks or a readable stream");
  for await (const chunk of source as AsyncIterable<string | Buffer | Uint8Array>) digester.push(chunk);
  return digester.finish();
}
