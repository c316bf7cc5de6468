const ENTRY = ".tsift/";
const COVERING = new Set([".tsift", ".tsift/", "/.tsift", "/.tsift/", ".tsift/*", "/.tsift/*"]);

/**
 * `.gitignore` text with `.tsift/` added (null: no file yet), or null when a line
 * already ignores it. Only exact root-level entries count: a pattern that happens to
 * match is left for the user, and adding the plain entry next to it is harmless.
 */
export function withGitignoreEntry(text: string | null): string | null {
  if (text === null) return `${ENTRY}\n`;
  if (text.split(/\r?\n/).some((line) => COVERING.has(line.trim()))) return null;
  return `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${ENTRY}\n`;
}
