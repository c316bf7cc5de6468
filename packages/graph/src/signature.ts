import type { SyntaxNode } from "./parser-registry";

export const MAX_SIGNATURE_LENGTH = 240;

/** Collapses whitespace to single spaces and caps the length, so a signature is one short line. */
export function oneLine(text: string, max = MAX_SIGNATURE_LENGTH): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
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
