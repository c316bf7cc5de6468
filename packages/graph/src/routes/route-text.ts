/** Text helpers shared by the line-based route scanners. */

export interface StringLiteral {
  value: string;
  /** Offset just after the closing quote (the end of the text when unterminated). */
  end: number;
  /** Offset of the opening quote. */
  start: number;
}

/**
 * The first string literal at or after `from`: `'…'` or `"…"` (and `` `…` `` when `backtick`).
 * A backslash escapes the next character; an unterminated literal runs to `limit` (the end
 * of the text by default). The value is cut in slices between escapes: built a character
 * at a time, a megabyte literal cost seconds of garbage collection per scan.
 */
export function stringLiteral(text: string, from = 0, backtick = false, limit = text.length): StringLiteral | null {
  for (let i = from; i < limit; i++) {
    const quote = text[i];
    if (quote !== "'" && quote !== '"' && !(backtick && quote === "`")) continue;
    const parts: string[] = [];
    let segment = i + 1;
    for (let j = i + 1; j < limit; j++) {
      const char = text[j]!;
      if (char === "\\" && j + 1 < limit) {
        parts.push(text.slice(segment, j), text[j + 1]!);
        segment = ++j + 1;
      } else if (char === quote) {
        parts.push(text.slice(segment, j));
        return { value: parts.join(""), start: i, end: j + 1 };
      }
    }
    parts.push(text.slice(segment, limit));
    return { value: parts.join(""), start: i, end: limit };
  }
  return null;
}

const NOT_HANDLERS = new Set(["async", "await", "function", "move", "None", "Some", "lambda"]);

/** The first identifier run in the text, or null when it is a keyword that cannot name a handler. */
export function firstIdentifier(text: string): string | null {
  const match = /[A-Za-z_$][\w$]*/u.exec(text);
  if (!match || NOT_HANDLERS.has(match[0])) return null;
  return match[0];
}

/**
 * Arguments of a call whose `(` ends at `open` in `text`, split at top-level commas. Scans
 * across lines (the caller passes the rest of the file) up to the matching `)` or a bound, so
 * arguments written one per line are read like one-line calls. Strings and nested brackets
 * are skipped; `closed` says whether the `)` was found.
 */
export function callArguments(text: string, open: number, maxLength = 4000): { args: string[]; closed: boolean; end: number } {
  const args: string[] = [];
  let depth = 0;
  let start = open;
  const limit = Math.min(text.length, open + maxLength);
  for (let i = open; i < limit; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'" || char === "`") {
      // Bounded like the arguments themselves: a huge literal must not be read to its end on every scan.
      const literal = stringLiteral(text, i, true, limit);
      i = (literal ? literal.end : limit) - 1;
      continue;
    }
    if (char === "/" && text[i + 1] === "/") {
      // A line comment inside the arguments: skip to the end of the line.
      const newline = text.indexOf("\n", i);
      i = newline === -1 ? limit : newline;
      continue;
    }
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      if (depth === 0) {
        const last = text.slice(start, i).trim();
        if (last) args.push(last); // `f()` has none; `f(a, b,)` ends with a trailing comma
        return { args, closed: true, end: i + 1 };
      }
      depth--;
    } else if (char === "," && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const rest = text.slice(start, limit).trim();
  if (rest) args.push(rest);
  return { args, closed: false, end: limit };
}

/** `/users` + `:id` -> `/users/:id`; empty parts are dropped, the result always starts with `/`. */
export function joinPaths(...parts: string[]): string {
  const segments = parts.map((part) => part.replace(/^\/+|\/+$/gu, "")).filter((part) => part !== "");
  return `/${segments.join("/")}`;
}

/** Offsets at which each line of the text starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based line index of an offset, by binary search over line starts. */
export function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
