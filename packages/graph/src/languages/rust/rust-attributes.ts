import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";

/** Outer attributes (`#[derive]`, `#[test]`) of Rust items, matched to the item right below them. */

/**
 * Whether `source[from, to)` holds only whitespace and comments (what may sit between an
 * attribute and its item). A linear scan: the equivalent regex, `(?:\s+|//…|/*…*\/)*`,
 * backtracks exponentially when the gap holds real code, which hung extraction of
 * ordinary files (tokio's io/util/copy.rs: 100 s).
 */
export function onlyTrivia(source: string, from: number, to: number): boolean {
  let at = from;
  while (at < to) {
    const code = source.charCodeAt(at);
    if (code === 47 && at + 1 < to) {
      const next = source.charCodeAt(at + 1);
      if (next === 47) {
        const newline = source.indexOf("\n", at + 2);
        at = newline < 0 || newline >= to ? to : newline;
        continue;
      }
      if (next === 42) {
        const close = source.indexOf("*/", at + 2);
        if (close < 0 || close + 2 > to) return false;
        at = close + 2;
        continue;
      }
      return false;
    }
    if (code === 32 || (code >= 9 && code <= 13) || (code > 127 && WHITESPACE.test(source[at]!))) {
      at++;
      continue;
    }
    return false;
  }
  return true;
}

const WHITESPACE = /\s/u;

/**
 * Outer attributes seen since the last item. The walker visits an item's attributes (its
 * preceding siblings) right before the item, so each attribute rule records itself here and
 * the item takes the run that ends just above it: no sibling walks, which cost O(siblings).
 */
export interface AttributeRun {
  source: string;
  start: number;
  startRow: number;
  end: number;
  texts: string[];
}

let attributeRun: AttributeRun | null = null;

export function attributeItem(node: SyntaxNode, context: RuleContext): null {
  const { source } = context;
  const start = node.startIndex;
  const end = node.endIndex;
  const text = source.slice(start, end);
  const run = attributeRun;
  if (run && run.source === source && run.end <= start && onlyTrivia(source, run.end, start)) {
    run.texts.push(text);
    run.end = end;
  } else {
    attributeRun = { source, start, startRow: node.startPosition.row, end, texts: [text] };
  }
  return null;
}

/** The attributes directly above an item starting at `start` (comments between allowed). */
export function attributesAbove(source: string, start: number): AttributeRun | null {
  const run = attributeRun;
  return run && run.source === source && run.end <= start && onlyTrivia(source, run.end, start) ? run : null;
}
