import { TsiftError } from "@tsift/core/light";

export const DEFAULT_MAX_LINES = 200;
export const DEFAULT_MAX_BYTES = 16_384;

export interface BoundLinesOptions {
  /** Most lines to keep, marker included. Default 200; `Infinity` for no line cap. */
  maxLines?: number;
  /**
   * Most bytes to keep, marker included, counting each line as its UTF-8 length
   * plus one newline (so it bounds `lines.join("\n") + "\n"`). Default 16 KiB;
   * `Infinity` for no byte cap.
   */
  maxBytes?: number;
  /**
   * When set and lines are dropped, this line is placed between head and tail.
   * Its space is reserved up front, so the result still fits both caps.
   */
  marker?: (omitted: { lines: number; bytes: number }) => string;
}

export interface BoundLinesResult {
  lines: string[];
  truncated: boolean;
  /** How many of `lines` come from the start of the input; the gap (and marker) follows them. */
  head_lines: number;
  omitted_lines: number;
  omitted_bytes: number;
}

/**
 * Fit lines into a line and byte budget by keeping the head and the tail and
 * dropping the middle: a log's first lines say what ran, its last lines say how
 * it ended, and the middle is what an agent can afford to lose. Head and tail
 * take turns line by line, so neither side starves the other; whole lines are
 * kept or dropped, never cut.
 */
export function boundLines(lines: readonly string[], options: BoundLinesOptions = {}): BoundLinesResult {
  const maxLines = checkLimit("maxLines", options.maxLines ?? DEFAULT_MAX_LINES);
  const maxBytes = checkLimit("maxBytes", options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!Array.isArray(lines) || lines.some((line) => typeof line !== "string")) {
    throw new TsiftError("invalid_input", "boundLines expects an array of strings");
  }

  const sizes = lines.map(lineBytes);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (lines.length <= maxLines && totalBytes <= maxBytes) {
    return { lines: [...lines], truncated: false, head_lines: lines.length, omitted_lines: 0, omitted_bytes: 0 };
  }

  let lineBudget = maxLines;
  let byteBudget = maxBytes;
  // The marker's final numbers are not known yet; rendering it with the totals
  // gives an upper bound on its size, since the real counts have no more digits.
  const reservation = options.marker === undefined ? null : lineBytes(options.marker({ lines: lines.length, bytes: totalBytes }));
  const withMarker = reservation !== null && lineBudget >= 1 && byteBudget >= reservation;
  if (withMarker) {
    lineBudget -= 1;
    byteBudget -= reservation;
  }

  let head = 0;
  let tail = lines.length;
  let headOpen = true;
  let tailOpen = true;
  let headTurn = true;
  while ((headOpen || tailOpen) && head < tail) {
    const takeHead = headOpen && (headTurn || !tailOpen);
    const size = takeHead ? sizes[head]! : sizes[tail - 1]!;
    if (lineBudget >= 1 && byteBudget >= size) {
      lineBudget -= 1;
      byteBudget -= size;
      if (takeHead) head++;
      else tail--;
    } else if (takeHead) {
      headOpen = false;
    } else {
      tailOpen = false;
    }
    headTurn = !headTurn;
  }

  const omittedLines = tail - head;
  let omittedBytes = 0;
  for (let i = head; i < tail; i++) omittedBytes += sizes[i]!;
  const kept = [...lines.slice(0, head)];
  if (withMarker && omittedLines > 0) {
    const marker = options.marker!({ lines: omittedLines, bytes: omittedBytes });
    // A formatter whose output grows as counts shrink would break the cap; such a
    // marker is dropped rather than trusted.
    if (lineBytes(marker) <= reservation) kept.push(marker);
  }
  kept.push(...lines.slice(tail));
  return {
    lines: kept,
    truncated: omittedLines > 0,
    head_lines: head,
    omitted_lines: omittedLines,
    omitted_bytes: omittedBytes,
  };
}

function lineBytes(line: string): number {
  return Buffer.byteLength(line, "utf8") + 1;
}

function checkLimit(name: string, value: number): number {
  if (value === Infinity || (Number.isInteger(value) && value >= 0)) {
    return value;
  }
  throw new TsiftError("invalid_input", `${name} must be a non-negative integer or Infinity, got ${String(value)}`, {
    details: { [name]: value },
  });
}
