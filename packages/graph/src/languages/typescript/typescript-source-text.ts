import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";

/** Source-text helpers for the TypeScript/JavaScript rules: signatures, literals, receivers, rows. */

const MAX_RECEIVER_LENGTH = 80;

export function slice(context: RuleContext, from: number, to: number): string {
  return context.source.slice(from, to);
}

/** One-line declaration head: whitespace collapsed, body openers (`{`, `=>`, `=`) and terminators dropped. */
export function head(text: string): string {
  return oneLine(text.replace(/(?:\s|\{|=>|=|;|,)+$/u, ""));
}

export function unquote(text: string): string {
  const first = text.charCodeAt(0);
  return first === 34 || first === 39 || first === 96 ? text.slice(1, -1) : text;
}

/** The value of a string literal (or a template literal without substitutions), else null. */
export function stringValue(node: SyntaxNode | null): string | null {
  if (!node) return null;
  if (node.type === "string") return node.text.slice(1, -1);
  if (node.type === "template_string") {
    const text = node.text;
    return text.includes("${") ? null : text.slice(1, -1);
  }
  return null;
}

export function propertyKeyName(key: SyntaxNode | null): string | null {
  if (!key) return null;
  return key.type === "string" ? key.text.slice(1, -1) : key.text;
}

/** Row of `offset`, counting newlines back from a node on a known row. */
export function rowAt(context: RuleContext, offset: number, anchor: number, anchorRow: number): number {
  let row = anchorRow;
  for (let i = offset; i < anchor; i++) if (context.source.charCodeAt(i) === 10) row--;
  return row;
}

/** Receiver source between two offsets, without the trailing member operator, on one capped line. */
export function receiverText(context: RuleContext, start: number, end: number): string {
  let raw = slice(context, start, Math.min(end, start + 4 * MAX_RECEIVER_LENGTH + 2)).replace(/\s*\??\.\s*$/u, "");
  if (!/\s/u.test(raw) && raw.length <= MAX_RECEIVER_LENGTH) return raw;
  // Method chains broken over lines read as written on one line: `db\n  .select()` -> `db.select()`.
  raw = raw.replace(/\s+(?=\??\.)/gu, "");
  return oneLine(raw, MAX_RECEIVER_LENGTH);
}

export function bodyStart(node: SyntaxNode): number {
  return node.childForFieldName("body")?.startIndex ?? node.endIndex;
}
