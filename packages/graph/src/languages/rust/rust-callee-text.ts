import { shortText } from "./rust-source-text";

/** Callee and receiver read from the text of a Rust call's function: `f`, `recv.f`, `Path::f`, `f::<T>`. */

/** Index of the `<` that opens the generic arguments ending at text[end] (a `>`), or -1. */
function openingAngle(text: string, end: number): number {
  let depth = 0;
  for (let i = end; i >= 0; i--) {
    const char = text[i];
    if (char === ">" && text[i - 1] !== "-") depth++;
    else if (char === "<") depth--;
    if (depth === 0) return i;
  }
  return -1;
}

/** `Store::<u8>` -> `Store`, `parse::<T>` -> `parse`; other text unchanged. */
export function stripTurbofish(text: string): string {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(">")) return trimmed;
  const open = openingAngle(trimmed, trimmed.length - 1);
  if (open < 0) return trimmed;
  const before = trimmed.slice(0, open).trimEnd();
  return before.endsWith("::") ? before.slice(0, -2).trimEnd() : trimmed;
}

function isIdentifierPart(code: number, char: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return /\p{ID_Continue}/u.test(char);
}

/** Start of the identifier (raw `r#x` included) that ends `text`, or -1. */
function trailingName(text: string): number {
  let i = text.length;
  while (i > 0 && isIdentifierPart(text.charCodeAt(i - 1), text[i - 1]!)) i--;
  if (i === text.length) return -1;
  const first = text.charCodeAt(i);
  if (first >= 48 && first <= 57) return -1;
  return text.startsWith("r#", i - 2) ? i - 2 : i;
}

/**
 * Callee and receiver from the text of a call's function: `f`, `recv.f`, `Path::f`, `f::<T>`.
 * The callee is always the trailing identifier, so splitting the text at the separator before it
 * needs no child nodes.
 */
export function splitCallee(text: string): { callee: string; receiver: string | null } | null {
  const bare = text.endsWith(">") ? stripTurbofish(text) : text.trimEnd();
  const start = trailingName(bare);
  if (start < 0) return null;
  const callee = bare.slice(start);
  const before = bare.slice(0, start).trimEnd();
  if (!before) return { callee, receiver: null };
  if (before.endsWith("::")) {
    const path = stripTurbofish(before.slice(0, -2));
    return { callee, receiver: path ? shortText(path) : null };
  }
  if (before.endsWith(".")) return { callee, receiver: shortText(before.slice(0, -1)) };
  return null;
}
