import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { cursorAt, type NodeCursor } from "../../internal/node-cursor";

/** Rust decision points that depend on more than the node type: match arms and `let … else`. */

/** The cursor's field name, read fresh (a getter, which TypeScript would otherwise narrow). */
function fieldName(cursor: NodeCursor): string | undefined {
  return cursor.currentFieldName;
}

/**
 * Every match arm is a branch except an irrefutable default (`_`, a lower-case binding) without a
 * guard; a guard (`Some(x) if x > 0`) adds one more. Read through the cursor: arms are frequent.
 */
export function matchArm(node: SyntaxNode, context: RuleContext): number {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return 1;
  while (fieldName(cursor) !== "pattern") if (!cursor.gotoNextSibling()) return 1;
  if (!cursor.gotoFirstChild()) return 1;
  let patterns = 0;
  let guard = false;
  let irrefutable = false;
  do {
    if (fieldName(cursor) === "condition") {
      guard = true;
    } else if (cursor.nodeType !== "if") {
      patterns++;
      const type = cursor.nodeType;
      irrefutable = type === "_" || (type === "identifier" && /^[a-z_]/u.test(context.source.slice(cursor.startIndex, cursor.endIndex)));
    }
  } while (cursor.gotoNextSibling());
  return (patterns === 1 && irrefutable ? 0 : 1) + (guard ? 1 : 0);
}

/** `let … else { … }` diverges: one decision point (an `if`'s `else` sits in an else_clause). */
export function elseToken(_node: SyntaxNode, context: RuleContext): number {
  return context.parentType() === "let_declaration" ? 1 : 0;
}
