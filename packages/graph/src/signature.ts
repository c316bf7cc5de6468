import type { SyntaxNode } from "./parser-registry";

export const MAX_SIGNATURE_LENGTH = 240;

/**
 * A declaration head without its comments: doc blocks, block comments and `//` line
 * comments are notes for readers of the file, and in a one-line signature they only spend
 * tokens (a JSDoc block inside an overload type can be most of it). String and template
 * literals are kept as written, so `"src/**\/*.ts"` or `"http://x"` survive.
 */
export function stripComments(text: string): string {
  if (!text.includes("/")) return text;
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote !== null) {
      out += char;
      if (char === "\\" && i + 1 < text.length) out += text[++i];
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      out += " ";
      continue;
    } else if (char === "/" && text[i + 1] === "/" && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end - 1;
      continue;
    }
    out += char;
  }
  return out;
}

/** Collapses whitespace to single spaces, drops comments and caps the length, so a signature is one short line. */
export function oneLine(text: string, max = MAX_SIGNATURE_LENGTH): string {
  const collapsed = stripComments(text).replace(/\s+/g, " ").trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

/**
 * The declaration head: source from `from` (default: the node) up to the start of `body`,
 * on one line. Without a body the whole node is used, cut at the first "{" or "=>" block
 * opener when the remainder is long.
 */
export function signatureOf(source: string, node: SyntaxNode, body: SyntaxNode | null, from: SyntaxNode | number = node): string {
  const start = typeof from === "number" ? from : from.startIndex;
  const end = body ? body.startIndex : node.endIndex;
  let head = source.slice(start, end);
  if (!body && head.length > MAX_SIGNATURE_LENGTH) {
    const brace = head.indexOf("{");
    if (brace > 0) head = head.slice(0, brace);
  }
  // Drop the body opener the head ends with: "{", Python's ":", an arrow's "=>".
  return oneLine(head.replace(/(?:\s|\{|=>|:|=)+$/u, ""));
}

/** Text of a named field child, or null. */
export function fieldText(node: SyntaxNode, field: string): string | null {
  return node.childForFieldName(field)?.text ?? null;
}
