import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { head, slice } from "./typescript-source-text";
import type { WalkState } from "./typescript-walk-state";

/**
 * Overloads: a bodiless signature followed by an implementation of the same name is not a
 * symbol of its own. The group is one symbol, from the first overload (its line, its
 * signature with `(+N overloads)`) to the end of the implementation, so the row's line and
 * signature agree and its span holds every overload. Marked per statement list, once.
 */

/** An exported declaration that may be a bodiless function signature. */
const FUNCTION_SIGNATURE_HINT = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?function\b/u;

/**
 * Marks bodiless signatures directly followed (through other signatures of the same name) by
 * their implementation. Names are read only while a chain of signatures is open.
 */
export function markOverloads(statements: SyntaxNode[], state: WalkState, source: string, signatureType: string, implementationType: string): void {
  let chainName: string | null = null;
  let chain: number[] = [];
  let first = { start: 0, end: 0, row: 0 };
  for (const statement of statements) {
    if (statement.type === "comment" || statement.type === "decorator") continue;
    let declaration: SyntaxNode | null = statement;
    if (declaration.type === "export_statement") {
      if (chainName === null && !FUNCTION_SIGNATURE_HINT.test(source.slice(statement.startIndex, statement.startIndex + 80))) continue;
      declaration = declaration.childForFieldName("declaration");
    }
    const type = declaration?.type;
    if (type === signatureType) {
      const name = declaration!.childForFieldName("name")?.text ?? null;
      if (name !== chainName) {
        chainName = name;
        chain = [];
        first = { start: statement.startIndex, end: declaration!.endIndex, row: statement.startPosition.row };
      }
      chain.push(declaration!.startIndex);
    } else if (type === implementationType && chainName !== null) {
      if (declaration!.childForFieldName("name")?.text === chainName) {
        for (const start of chain) state.overloads.add(start);
        state.overloadHeads.set(declaration!.startIndex, { ...first, count: chain.length });
      }
      chainName = null;
    } else chainName = null;
  }
}

/** Overloads in the program are marked on the first bodiless signature met there (most files have none). */
export function isProgramOverload(node: SyntaxNode, context: RuleContext, state: WalkState): boolean {
  let generation = 0;
  let type = context.ancestorType(generation);
  while (type === "export_statement") type = context.ancestorType(++generation);
  if (type === "program" && !state.programMarked && state.program) {
    state.programMarked = true;
    markOverloads(state.program.namedChildren, state, context.source, "function_signature", "function_declaration");
  }
  return state.overloads.has(node.startIndex);
}

/** The first overload as written (with its `export`), and how many more there are. */
export function overloadSignature(context: RuleContext, first: { start: number; end: number; count: number }): string {
  const more = first.count > 1 ? ` (+${first.count - 1} overload${first.count === 2 ? "" : "s"})` : "";
  return `${head(slice(context, first.start, first.end))}${more}`;
}
