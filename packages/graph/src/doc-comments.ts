import type { ExtractedSymbol } from "./extraction-types";

/**
 * Where a language writes the documentation of a declaration. A language file names its
 * style in its extraction (`docComments`); extraction then records each symbol's doc.
 */
export interface DocCommentStyle {
  /** `/** … *\/` blocks right above the declaration (JSDoc, TSDoc, KDoc, rustdoc). */
  readonly block?: boolean;
  /** Runs of line comments with this prefix right above the declaration (`///` in Rust and Zig). */
  readonly line?: string;
  /** Inner docs at the top of a module body (`//!` in Rust `mod m { … }`), for symbols of kind `mod`. */
  readonly inner?: string;
  /** Python: the string literal opening a function's or class's body. */
  readonly docstring?: boolean;
}

export const JSDOC_STYLE: DocCommentStyle = { block: true };
export const RUST_DOC_STYLE: DocCommentStyle = { block: true, line: "///", inner: "//!" };
export const ZIG_DOC_STYLE: DocCommentStyle = { line: "///" };
export const PYTHON_DOC_STYLE: DocCommentStyle = { docstring: true };

/** A doc is its first sentence, at most this many characters: enough to say what a symbol does. */
export const MAX_DOC_CHARS = 200;

// Lines between a doc comment and its declaration: decorators, annotations, attributes.
const ATTRIBUTE_LINE = /^\s*(@|#\[|#!\[)/;
const PYTHON_HEAD = /^\s*(async\s+def|def|class)\b/;
const PYTHON_STRING_START = /^\s*([rRuUbBfF]{0,2})("""|'''|"|')/;

/**
 * Sets `doc` on each symbol whose declaration carries a doc comment: its first sentence,
 * cleaned of comment markers and bounded to MAX_DOC_CHARS. A doc comment must touch the
 * declaration (only decorators and attributes may sit between), so a file's licence header
 * never becomes the first declaration's doc.
 */
export function attachDocComments(source: string, symbols: ExtractedSymbol[], style: DocCommentStyle): void {
  const lines = source.split("\n");
  for (const symbol of symbols) {
    if (symbol.kind === "heading" || symbol.kind === "code_block") continue;
    const raw = style.docstring
      ? docstringBelow(lines, symbol)
      : (leadingDoc(lines, symbol, style) ?? commentAbove(lines, symbol.line, style) ?? innerDoc(lines, symbol, style));
    const doc = raw === null ? "" : firstSentence(raw);
    if (doc !== "") symbol.doc = doc;
  }
}

function commentAbove(lines: readonly string[], declarationLine: number, style: DocCommentStyle): string | null {
  let index = declarationLine - 2;
  while (index >= 0 && ATTRIBUTE_LINE.test(lines[index]!)) index--;
  if (index < 0) return null;
  const above = lines[index]!.trim();
  if (style.block && above.endsWith("*/")) {
    let start = index;
    while (start >= 0 && !lines[start]!.includes("/*")) start--;
    if (start < 0 || !/\/\*\*(?!\/)/.test(lines[start]!)) return null;
    const text = lines.slice(start, index + 1).join("\n");
    const body = text.slice(text.indexOf("/**") + 3, text.lastIndexOf("*/"));
    return body
      .split("\n")
      .map((line) => line.replace(/^\s*\*(?!\/)\s?/, ""))
      .join("\n");
  }
  if (style.line && above.startsWith(style.line) && !above.startsWith(`${style.line}/`)) {
    const collected: string[] = [];
    for (let at = index; at >= 0; at--) {
      const line = lines[at]!.trim();
      if (!line.startsWith(style.line) || line.startsWith(`${style.line}/`)) break;
      collected.unshift(line.slice(style.line.length));
    }
    return collected.join("\n");
  }
  return null;
}

/** A doc comment the grammar counted as part of the declaration (Zig's `///` lines open its span). */
function leadingDoc(lines: readonly string[], symbol: ExtractedSymbol, style: DocCommentStyle): string | null {
  const first = lines[symbol.line - 1]?.trim() ?? "";
  const opensDoc = (style.line && first.startsWith(style.line) && !first.startsWith(`${style.line}/`)) || (style.block && /^\/\*\*(?!\/)/.test(first));
  if (!opensDoc) return null;
  let end = symbol.line - 1;
  while (end + 1 < Math.min(symbol.end_line, lines.length) && /^\s*(\/\/\/|\/\*|\*)/.test(lines[end + 1]!)) end++;
  // Read as if the declaration began on the line after the doc.
  return commentAbove(lines, end + 2, style);
}

function innerDoc(lines: readonly string[], symbol: ExtractedSymbol, style: DocCommentStyle): string | null {
  if (!style.inner || symbol.kind !== "mod") return null;
  const collected: string[] = [];
  for (let index = symbol.line; index < Math.min(symbol.end_line, lines.length); index++) {
    const line = lines[index]!.trim();
    if (!line.startsWith(style.inner)) break;
    collected.push(line.slice(style.inner.length));
  }
  return collected.length > 0 ? collected.join("\n") : null;
}

/** The string opening the body of a Python `def`/`class` (the symbol's span starts at its first decorator). */
function docstringBelow(lines: readonly string[], symbol: ExtractedSymbol): string | null {
  if (!["function", "method", "constructor", "getter", "setter", "class"].includes(symbol.kind)) return null;
  const last = Math.min(symbol.end_line, lines.length);
  let index = symbol.line - 1;
  while (index < last && !PYTHON_HEAD.test(lines[index]!)) index++;
  // The header ends at the first `:` outside brackets and strings (parameters may span lines).
  let depth = 0;
  for (; index < last; index++) {
    const colon = headerColon(lines[index]!, depth);
    if (typeof colon === "number") {
      const rest = lines[index]!.slice(colon + 1);
      if (rest.trim() !== "" && !rest.trim().startsWith("#")) return stringAt(lines, index, rest);
      break;
    }
    depth = colon.depth;
  }
  for (index++; index < last; index++) {
    const trimmed = lines[index]!.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    return stringAt(lines, index, lines[index]!);
  }
  return null;
}

/** The index of the header-ending colon in `line`, or the bracket depth carried to the next line. */
function headerColon(line: string, depth: number): number | { depth: number } {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "#") break;
    if (char === '"' || char === "'") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === ":" && depth === 0) return i;
  }
  return { depth };
}

/** The string literal starting `text` (which is, or ends, line `index`), across lines for triple quotes. */
function stringAt(lines: readonly string[], index: number, text: string): string | null {
  const match = PYTHON_STRING_START.exec(text);
  if (!match) return null;
  const quote = match[2]!;
  const after = text.slice(match[0].length);
  const close = after.indexOf(quote);
  if (close >= 0) return after.slice(0, close);
  if (quote.length === 1) return null;
  const collected = [after];
  for (let at = index + 1; at < lines.length && at < index + 200; at++) {
    const line = lines[at]!;
    const end = line.indexOf(quote);
    if (end >= 0) {
      collected.push(line.slice(0, end));
      return collected.join("\n");
    }
    collected.push(line);
  }
  return null;
}

/**
 * The first sentence of a doc comment's first paragraph, whitespace collapsed; JSDoc
 * `{@link X}` becomes `X`. A paragraph ends at a blank line or a tag line (`@param`,
 * `:param`, `Args:`), a sentence at `.`, `!` or `?` before a space (not after `e.g`).
 */
export function firstSentence(raw: string): string {
  const paragraph: string[] = [];
  for (const line of raw.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") {
      if (paragraph.length > 0) break;
      continue;
    }
    if (/^(@\w|:\w+[\s:]|(Args|Arguments|Returns|Raises|Parameters|Example|Examples):$|>>>|```)/.test(trimmed)) break;
    paragraph.push(trimmed);
  }
  const text = paragraph
    .join(" ")
    .replace(/\{@\w+\s+([^}|\s]+)[^}]*\}/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  let sentence = text;
  for (const match of text.matchAll(/(?<=\S)[.!?](?=\s|$)/g)) {
    if (/\b(e\.g|i\.e|etc|vs)$/i.test(text.slice(0, match.index))) continue;
    sentence = text.slice(0, match.index + 1);
    break;
  }
  if (sentence.length <= MAX_DOC_CHARS) return sentence;
  const cut = sentence.lastIndexOf(" ", MAX_DOC_CHARS - 1);
  return `${sentence.slice(0, cut > MAX_DOC_CHARS / 2 ? cut : MAX_DOC_CHARS - 1)}…`;
}
