import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { isUtf8 } from "node:buffer";
import { langInfo, type Lang } from "@tsift/graph/langs";
import { HARD_MAX_FILE_BYTES } from "./config/tsift-config";

/** Why a tracked file was deliberately not parsed (`files.skip_reason`). */
export type SkipReason = "binary" | "too_large" | "minified";

export type SourceRead =
  | { kind: "text"; text: string; hash: string; size: number; lossy: boolean }
  | { kind: "skip"; reason: SkipReason; hash: string; size: number; message: string }
  | { kind: "error"; message: string };

/** Bytes inspected for a NUL, as git and ripgrep do, to call a file binary. */
export const BINARY_SNIFF_BYTES = 8192;
/** A line longer than this is generated or minified code, not something to navigate. */
export const MINIFIED_MAX_LINE = 20 * 1024;
/** An average line longer than this (over a file longer than one such line) means the same. */
export const MINIFIED_AVERAGE_LINE = 2000;

/**
 * Reads one source file and decides whether to parse it. Files over `maxFileBytes`
 * are judged by size alone and never read; binary files (a NUL byte in the first
 * 8 KiB) and minified files are skipped with a reason; invalid UTF-8 is decoded with
 * U+FFFD replacements and `lossy` set. The hash (sha256 of the bytes) lets an index
 * tell a touched-but-identical file from an edited one.
 */
export function readSource(absPath: string, lang: Lang, size: number, maxFileBytes: number): SourceRead {
  if (size > HARD_MAX_FILE_BYTES) return tooLarge(size);
  if (size > maxFileBytes) {
    return { kind: "skip", reason: "too_large", hash: "", size, message: `skipped: ${size} bytes is over max_file_bytes (${maxFileBytes})` };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (error) {
    return { kind: "error", message: `read failed: ${(error as NodeJS.ErrnoException).code ?? ""} reading ${absPath}: ${(error as Error).message}` };
  }
  // The file may have grown since it was walked.
  if (bytes.length > HARD_MAX_FILE_BYTES) return tooLarge(bytes.length);
  if (bytes.length > maxFileBytes) {
    return {
      kind: "skip",
      reason: "too_large",
      hash: "",
      size: bytes.length,
      message: `skipped: ${bytes.length} bytes is over max_file_bytes (${maxFileBytes})`,
    };
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (sniff.includes(0)) {
    return { kind: "skip", reason: "binary", hash, size: bytes.length, message: "skipped: binary file (NUL byte in the first 8 KiB)" };
  }
  const lossy = !isUtf8(bytes);
  const text = bytes.toString("utf8");
  const minified = minifiedReason(text, lang);
  if (minified) return { kind: "skip", reason: "minified", hash, size: bytes.length, message: `skipped: looks minified (${minified})` };
  return { kind: "text", text, hash, size: bytes.length, lossy };
}

function tooLarge(size: number): SourceRead {
  return {
    kind: "skip",
    reason: "too_large",
    hash: "",
    size,
    message: `skipped: ${size} bytes is over the per-file limit of ${HARD_MAX_FILE_BYTES} bytes, which max_file_bytes cannot raise; split the file or exclude it`,
  };
}

/** Why the text looks minified, or null. Markdown paragraphs are long lines by nature, so only the single-line rule applies to it. */
export function minifiedReason(text: string, lang: Lang): string | null {
  if (text.length <= MINIFIED_AVERAGE_LINE) return null;
  let lines = 0;
  let longest = 0;
  let start = 0;
  // A final newline ends the last line; it does not start an empty one.
  const length = text.endsWith("\n") ? text.length - 1 : text.length;
  while (start <= length) {
    let end = text.indexOf("\n", start);
    if (end === -1 || end > length) end = length;
    longest = Math.max(longest, end - start);
    lines++;
    start = end + 1;
  }
  if (longest > MINIFIED_MAX_LINE) return `a ${longest}-character line`;
  const average = Math.round(text.length / lines);
  if (!langInfo(lang).paragraphLines && average > MINIFIED_AVERAGE_LINE) return `average line length ${average}`;
  return null;
}
