import { posix } from "node:path";

// Spelling a test command from the project root, shared by the languages' `tests.command` hooks.

/** `cd <dir> && ` when the runner must start in `dir` (root-relative), nothing at the root. */
export function cdPrefix(dir: string, quote: (text: string) => string): string {
  return dir === "." ? "" : `cd ${quote(dir)} && `;
}

/** `file` relative to the root-relative directory `dir`. */
export function relativeTo(dir: string, file: string): string {
  return dir === "." ? file : posix.relative(dir, file);
}

/** A literal text as a regular expression matching exactly it (a runner's name filter). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
