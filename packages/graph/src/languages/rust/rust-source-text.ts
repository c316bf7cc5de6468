import { oneLine } from "../../signature";

/** Source-text helpers for the Rust rules: one-line signatures and receivers. */

const MAX_RECEIVER_LENGTH = 80;

/** Drops line and block comments outside string literals (parameter lists may hold some). */
function withoutComments(text: string): string {
  if (!text.includes("/")) return text;
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      if (char === "\\") {
        out += char + (text[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === '"') inString = false;
    } else if (char === '"') {
      // A '"' char literal does not open a string.
      if (text[i - 1] !== "'" || text[i + 1] !== "'") inString = true;
    } else if (char === "/" && text[i + 1] === "/") {
      const newline = text.indexOf("\n", i);
      if (newline === -1) break;
      i = newline - 1;
      continue;
    } else if (char === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close === -1) break;
      i = close + 1;
      out += " ";
      continue;
    }
    out += char;
  }
  return out;
}

/** One line, without the blanks just inside brackets that multi-line parameter lists leave. */
export function tidy(text: string): string {
  return oneLine(
    withoutComments(text)
      .replace(/([([{<])\s+/gu, "$1")
      .replace(/\s+([)\]}>])/gu, "$1")
      .replace(/[\s;]+$/u, ""),
  );
}

/**
 * Receiver text on one short line; a chain continued on the next line (`\n    .await`) is rejoined.
 * Long receivers (a chain through a big closure) are cut before they are collapsed.
 */
export function shortText(text: string): string {
  const raw = text.length > MAX_RECEIVER_LENGTH * 4 ? text.slice(0, MAX_RECEIVER_LENGTH * 4) : text;
  const collapsed = oneLine(raw.replace(/\s*\n\s*(?=[.?])/gu, ""), MAX_RECEIVER_LENGTH);
  return raw !== text && !collapsed.endsWith("…") ? `${collapsed}…` : collapsed;
}
