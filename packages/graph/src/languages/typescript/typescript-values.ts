import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { slice } from "./typescript-source-text";
import { stateOf, type Reach } from "./typescript-walk-state";

/**
 * The values a TypeScript/JavaScript binding may hold (functions, classes, object literals,
 * seen through wrappers), and how a binding site prepares the symbol its value's rule emits.
 */

export const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "generator_function"]);

/** Expression wrappers that do not change what a binding holds. */
const TRANSPARENT = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion"]);

/** Value types worth unwrapping at a binding site: functions, classes, objects and what may wrap them. */
export const BINDABLE = new Set([...FUNCTION_VALUES, ...TRANSPARENT, "class", "object", "call_expression"]);

/** Higher-order calls whose first argument is the binding's real function (React and MobX idioms). */
const WRAPPERS = new Set(["memo", "forwardRef", "useCallback", "observer"]);

const WRAPPER_START = /^(?:[\w$]+\s*\.\s*)?(?:memo|forwardRef|useCallback|observer)\b/u;

function isWrapperCall(call: SyntaxNode, context: RuleContext): boolean {
  if (!WRAPPER_START.test(slice(context, call.startIndex, call.startIndex + 48))) return false;
  const callee = call.childForFieldName("function");
  if (!callee) return false;
  if (callee.type === "identifier") return WRAPPERS.has(callee.text);
  if (callee.type === "member_expression") return WRAPPERS.has(callee.childForFieldName("property")?.text ?? "");
  return false;
}

/** The value a binding really holds: through parentheses, `as`/`satisfies`, `!` and wrapper calls. */
export function unwrapValue(value: SyntaxNode | null, context: RuleContext): SyntaxNode | null {
  let current = value;
  while (current) {
    const type = current.type;
    if (TRANSPARENT.has(type)) {
      current = type === "type_assertion" ? current.namedChild(current.namedChildCount - 1) : current.firstNamedChild;
    } else if (type === "call_expression" && isWrapperCall(current, context)) {
      current = current.childForFieldName("arguments")?.firstNamedChild ?? null;
    } else return current;
  }
  return null;
}

/** Whether an object literal defines functions, directly or in nested object-valued properties. */
export function hasFunctionMembers(object: SyntaxNode, context: RuleContext): boolean {
  if (!mayHoldFunctions(context.source, object.startIndex, object.endIndex)) return false;
  for (const member of object.namedChildren) {
    if (member.type === "method_definition") return true;
    if (member.type !== "pair") continue;
    const raw = member.childForFieldName("value");
    if (!raw || !BINDABLE.has(raw.type)) continue;
    const value = unwrapValue(raw, context);
    if (!value) continue;
    if (FUNCTION_VALUES.has(value.type) || value.type === "class") return true;
    if (value.type === "object" && hasFunctionMembers(value, context)) return true;
  }
  return false;
}

/** Prepares the symbol for a function or class value; its own rule emits it. */
export function prepare(context: RuleContext, value: SyntaxNode, draft: Omit<SymbolDraft, "callable" | "container">): void {
  const isClass = value.type === "class";
  stateOf(context).pending.set(value.startIndex, { ...draft, callable: !isClass, container: isClass });
}

/** Prepares an object literal holding functions as a container (`property`, `default`) and records how far its members reach. */
export function prepareObject(context: RuleContext, object: SyntaxNode, draft: Omit<SymbolDraft, "callable" | "container"> | null, reach: Reach): void {
  const state = stateOf(context);
  if (draft) state.pending.set(object.startIndex, { ...draft, callable: false, container: true });
  state.objects.set(object.startIndex, reach);
}

/** Bounded scan of an object literal's text for "(", "=>" or "class" (an unbounded indexOf could run to the end of the file). */
export function mayHoldFunctions(source: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === 40 /* ( */ || (code === 62 /* > */ && source.charCodeAt(i - 1) === 61) /* => */) return true;
    if (code === 99 /* c */ && source.startsWith("class", i)) return true;
  }
  return false;
}
