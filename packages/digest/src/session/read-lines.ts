import { StringDecoder } from "node:string_decoder";

/** Longest line parsed; a transcript line past it (a pasted binary, a huge tool dump) is skipped and counted. */
export const MAX_SESSION_LINE_CHARS = 4 * 1024 * 1024;

export interface LineCounters {
  bytes: number;
  oversized: number;
}

/**
 * The lines of a stream, each held once: a line longer than `maxChars` is dropped as it
 * arrives (counted in `counters.oversized`), so memory stays bounded by the cap however
 * large the input.
 */
export async function* readLines(
  stream: AsyncIterable<string | Buffer> | NodeJS.ReadableStream,
  counters: LineCounters,
  maxChars = MAX_SESSION_LINE_CHARS,
): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let partial = "";
  let dropping = false;
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    counters.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
    let start = 0;
    for (let newline = text.indexOf("\n", start); newline !== -1; newline = text.indexOf("\n", start)) {
      if (!dropping) {
        const line = partial + text.slice(start, newline);
        if (line.length > maxChars) counters.oversized++;
        else yield line.endsWith("\r") ? line.slice(0, -1) : line;
      } else {
        counters.oversized++;
        dropping = false;
      }
      partial = "";
      start = newline + 1;
    }
    if (!dropping) {
      partial += text.slice(start);
      if (partial.length > maxChars) {
        partial = "";
        dropping = true;
      }
    }
  }
  const rest = partial + decoder.end();
  if (dropping) counters.oversized++;
  else if (rest.length > maxChars) counters.oversized++;
  else if (rest !== "") yield rest;
}
