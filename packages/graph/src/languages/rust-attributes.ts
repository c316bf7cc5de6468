import type { RuleContext } from "../language-rules";
import type { SyntaxNode } from "../parser-registry";

/** Outer attributes (`#[derive]`, `#[test]`) of Rust items, matched to the item right below them. */

/** Whitespace and comments only (what may sit between an attribute and its item). */
const TRIVIA = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/u;

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
  if (run && run.source === source && run.end <= start && TRIVIA.test(source.slice(run.end, start))) {
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
  return run && run.source === source && run.end <= start && TRIVIA.test(source.slice(run.end, start)) ? run : null;
}
