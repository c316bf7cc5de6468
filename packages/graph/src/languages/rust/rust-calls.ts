import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { cursorAt } from "../../internal/node-cursor";
import { splitCallee } from "./rust-callee-text";
import { tokenTreeCalls } from "./rust-token-tree-calls";

/** Rust call sites: calls, macro invocations and the calls in `macro_rules!` expansions. */

const CALLEE_TYPES = new Set(["identifier", "field_expression", "scoped_identifier", "generic_function"]);

/** `f()`, `a.b.f()`, `Vec::new()`, `parse::<T>()`; read through a reused cursor (no child nodes). */
export function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild() || !CALLEE_TYPES.has(cursor.nodeType)) return null;
  const text = context.source.slice(cursor.startIndex, cursor.endIndex);
  const split = splitCallee(text);
  if (!split) return null;
  // A chain split over lines reports each call on the line of its name (the function's end).
  return text.includes("\n") ? { ...split, kind: "call", row: cursor.endPosition.row } : { ...split, kind: "call" };
}

/** The macro itself (kind macro, callee without `!`), then the calls written in its arguments. */
export function macroInvocation(node: SyntaxNode, context: RuleContext): CallDraft[] | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  const drafts: CallDraft[] = [];
  const split = splitCallee(context.source.slice(cursor.startIndex, cursor.endIndex));
  if (split) drafts.push({ ...split, kind: "macro" });
  while (cursor.gotoNextSibling()) {
    if (cursor.nodeType === "token_tree") {
      if (cursor.endIndex - cursor.startIndex > 2) drafts.push(...tokenTreeCalls(cursor, context.source, node.startIndex, node.startPosition.row));
      break;
    }
  }
  return drafts;
}

/** A `macro_rules!` arm: calls in its expansion belong to the macro. */
export function macroRule(node: SyntaxNode, context: RuleContext): CallDraft[] | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  do {
    if (cursor.currentFieldName === "right" && cursor.nodeType === "token_tree")
      return tokenTreeCalls(cursor, context.source, node.startIndex, node.startPosition.row);
  } while (cursor.gotoNextSibling());
  return null;
}
