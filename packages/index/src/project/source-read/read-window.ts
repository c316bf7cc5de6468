import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { TsiftError } from "@tsift/core/light";
import type { SourceFile } from "../../walk/resolve-source-file";

/** Bytes inspected for a NUL to call a file binary, as git and the indexer do. */
const BINARY_SNIFF_BYTES = 8192;
export const DEFAULT_WINDOW_LINES = 80;

export interface WindowRequest {
  start?: number | undefined;
  lines?: number | undefined;
  end?: number | undefined;
}

export interface SourceWindow {
  start: number;
  end: number;
  total_lines: number;
  rows: { line: number; text: string }[];
  /** Invalid UTF-8 was replaced with U+FFFD. */
  lossy: boolean;
}

function wholeNumber(flag: string, value: number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min)
    throw new TsiftError("usage", `${flag} expects a whole number >= ${min}, got ${String(value)}`, { hint: "tsift source-read --help" });
  return value;
}

/**
 * The 1-based, inclusive line window of a text file. Files over `maxBytes` or with a
 * NUL byte in the first 8 KiB are refused (exit 2) rather than dumped; a start past
 * the last line is an error naming the line count, an end past it is clamped.
 */
export function readWindow(file: SourceFile, request: WindowRequest, maxBytes: number): SourceWindow {
  if (request.lines !== undefined && request.end !== undefined)
    throw new TsiftError("usage", "--lines and --end cannot be combined: pick a length or a last line", { hint: "tsift source-read --help" });
  const start = wholeNumber("--start", request.start, 1) ?? 1;
  const lines = wholeNumber("--lines", request.lines, 1);
  const end = wholeNumber("--end", request.end, start);
  if (file.size > maxBytes) {
    throw new TsiftError(
      "unsupported",
      `${file.rel} is ${file.size} bytes, over the ${maxBytes}-byte source-read limit; read it with an editor, or raise [index] max_file_bytes in .tsift/config.toml`,
      { details: { file: file.rel, size: file.size, max: maxBytes } },
    );
  }
  const bytes = readFileSync(file.absPath);
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    throw new TsiftError("unsupported", `${file.rel} looks binary (a NUL byte in its first 8 KiB); source-read shows text files only`, {
      details: { file: file.rel },
    });
  }
  const text = bytes.toString("utf8");
  const all = text.split(/\r?\n/);
  // A final newline ends the last line; it does not start an empty one.
  if (all.length > 0 && all[all.length - 1] === "") all.pop();
  const total = all.length;
  if (start > Math.max(total, 1)) {
    throw new TsiftError("invalid_input", `--start ${start} is past the end of ${file.rel} (${total} line${total === 1 ? "" : "s"})`, {
      hint: `tsift source-read ${file.rel} --start ${Math.max(1, total - DEFAULT_WINDOW_LINES + 1)}`,
    });
  }
  const last = Math.min(total, end ?? start + (lines ?? DEFAULT_WINDOW_LINES) - 1);
  const rows = all.slice(start - 1, last).map((line, index) => ({ line: start + index, text: line }));
  return { start, end: Math.max(last, start - 1), total_lines: total, rows, lossy: !isUtf8(bytes) };
}
