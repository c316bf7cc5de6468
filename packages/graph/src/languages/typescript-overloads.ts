import type { RuleContext } from "../language-rules";
import type { SyntaxNode } from "../parser-registry";
import type { WalkState } from "./typescript-walk-state";

/**
 * Overloads: a bodiless signature followed by an implementation of the same name is not a
 * symbol of its own (the implementation is). Marked per statement list, once.
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
  let firstEnd = 0;
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
        firstEnd = declaration!.endIndex;
      }
      chain.push(declaration!.startIndex);
    } else if (type === implementationType && chainName !== null) {
      if (declaration!.childForFieldName("name")?.text === chainName) {
        for (const start of chain) state.overloads.add(start);
        state.overloadHeads.set(declaration!.startIndex, { start: chain[0]!, end: firstEnd, count: chain.length });
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
