import { VARIABLE } from "../internal/line-shape";
import type { LineAnchor } from "./find-anchors";

const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:\s?[AP]M)?\b/g;
// A token with a slash and a letter is a path or URL ("1/3" is a count); the lookbehind starts a match only at a token
// boundary, so a long token is scanned once rather than from each of its characters.
const DELIMITERS = "\\s\"'`()[\\]{}<>,;=";
const PATH_TOKEN = new RegExp(`(?<![^${DELIMITERS}])(?=[^${DELIMITERS}]*[A-Za-z])[^${DELIMITERS}]*[/\\\\][^${DELIMITERS}]*`, "g");

/**
 * The shape two log lines share when they say the same thing about different
 * things: `file:line` anchors become `<loc>`, clock times and dates `<ts>`, other
 * paths and URLs `<path>`, then numbers, hex ids and UUIDs `<n>`/`<hex>` (the same
 * slots `collapseRepeats` varies). Whitespace runs count as one space.
 */
export function lineKey(line: string, anchors: readonly LineAnchor[]): string {
  let text = line;
  if (anchors.length > 0) {
    let out = "";
    let last = 0;
    for (const anchor of anchors) {
      if (anchor.start < last) continue;
      out += `${text.slice(last, anchor.start)}<loc>`;
      last = anchor.end;
    }
    text = out + text.slice(last);
  }
  text = text.replace(TIMESTAMP, "<ts>");
  if (text.includes("/") || text.includes("\\")) text = text.replace(PATH_TOKEN, "<path>");
  // The slots collapseRepeats varies (line-shape.ts), written in place: no per-line arrays.
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(VARIABLE, (...match: unknown[]) => ((match.at(-1) as { n?: string }).n === undefined ? "<hex>" : "<n>"));
}
