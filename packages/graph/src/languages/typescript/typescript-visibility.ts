import type { Visibility } from "../../extraction-types";
import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { stateOf, type Wrapper } from "./typescript-walk-state";

/**
 * Where a TypeScript/JavaScript declaration sits (module level, namespace, ambient, local)
 * and the visibility that follows from it, from its export wrapper and from member modifiers.
 */

const CALLABLE_KINDS = new Set<string>(["function", "method", "constructor", "getter", "setter"]);

export type Scope = "top" | "namespace" | "ambient" | "local";

export function inCallable(context: RuleContext): boolean {
  return CALLABLE_KINDS.has(context.enclosing()?.kind ?? "");
}

/**
 * Whether a declaration is at module level, directly in a namespace body, or local to a
 * function or block. `generation` is the ancestor generation of the declaration statement's
 * parent (0 when the rule's node is the statement itself).
 */
export function scopeOf(context: RuleContext, generation: number): Scope {
  if (inCallable(context)) return "local";
  let g = generation;
  let type = context.ancestorType(g);
  while (type === "export_statement" || type === "ambient_declaration" || type === "ERROR") type = context.ancestorType(++g);
  if (type === null || type === "program") return "top";
  if (type !== "statement_block") return "local";
  const owner = context.ancestorType(g + 1);
  if (owner === "ambient_declaration") return "ambient"; // declare global { … }
  if (owner !== "internal_module" && owner !== "module") return "local";
  // Everything in an ambient namespace or module is exported.
  const namespace = context.container();
  return namespace && stateOf(context).ambient.has(namespace.qualified_name) ? "ambient" : "namespace";
}

export function visibilityOf(context: RuleContext, name: string, wrapper: Wrapper | undefined, scope: Scope): Visibility | null {
  if (scope === "local") return null;
  if (wrapper?.exported || scope === "ambient") return "public";
  if (scope === "top" && stateOf(context).exported.has(name)) return "public";
  return "module";
}

/** Visibility and start of a declaration statement (function, class, interface, enum, …). */
export function declarationPlace(node: SyntaxNode, context: RuleContext, name: string, generation = 0) {
  const wrapper = stateOf(context).wrappers.get(node.startIndex);
  const visibility = wrapper?.isDefault ? "public" : visibilityOf(context, name, wrapper, scopeOf(context, generation));
  return { wrapper, visibility, start: wrapper ? wrapper.start : node.startIndex };
}

export interface Modifiers {
  accessibility: Visibility;
  accessor: "getter" | "setter" | null;
}

/** Accessibility and get/set of a class or object member, read from its leading tokens. */
export function modifiersOf(member: SyntaxNode, name: SyntaxNode | null): Modifiers {
  const result: Modifiers = { accessibility: name?.type === "private_property_identifier" ? "private" : "public", accessor: null };
  const nameStart = name ? name.startIndex : Infinity;
  for (const child of member.children) {
    if (child.startIndex >= nameStart) break;
    const type = child.type;
    if (type === "accessibility_modifier") {
      const modifier = child.text;
      if (result.accessibility !== "private") result.accessibility = modifier === "private" ? "private" : modifier === "protected" ? "protected" : "public";
    } else if (type === "get") result.accessor = "getter";
    else if (type === "set") result.accessor = "setter";
  }
  return result;
}

/**
 * A declaration tree-sitter could only recover as an expression inside an ERROR node
 * (`export class A` after a broken statement): module level unless nested, exported when an
 * `export` keyword survived on the same line right before it.
 */
export function recoveredVisibility(context: RuleContext, value: SyntaxNode, name: string): Visibility | null {
  let previous = value.previousNamedSibling; // ERROR nodes only: sibling navigation is fine this rarely
  while (previous?.type === "ERROR") previous = previous.namedChildCount > 0 ? previous.namedChild(previous.namedChildCount - 1) : null;
  const exported = previous?.type === "identifier" && previous.text === "export" && previous.endPosition.row === value.startPosition.row;
  const scope = scopeOf(context, 0);
  if (scope === "local") return null;
  return exported ? "public" : visibilityOf(context, name, undefined, scope);
}
