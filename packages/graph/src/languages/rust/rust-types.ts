import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { annotatingCalls, bindLocal, localType, openLocalScope, typePathOf } from "../../internal/local-types";
import { splitCallee } from "./rust-callee-text";

/**
 * Declared types for the call resolver, layered over the Rust rules (`withRustTypes`). It
 * reads what the source declares, nothing is inferred:
 *
 * - fn items open a scope binding their typed parameters (`repo: &dyn Repository` is a
 *   `Repository`; `&`, `mut`, `dyn`, `impl`, `Box`/`Rc`/`Arc` are looked through, and a type
 *   parameter is its first trait bound, `<R: Repository>` or `where R: Repository`); `let`
 *   binds its annotation, else what its value says: `T::new(…)` is `T.new()` (what calling
 *   it yields), `f(…)` is `f()`, `T { … }` is `T`, `&x` is `x`'s type, `x.m()` on a typed `x`
 *   is `T#m()`.
 * - Closure parameters and `for` patterns are bound without a type: they shadow.
 * - Calls on a bound receiver get its `receiver_type`; a bare call of a bound name (a
 *   closure) is `local`.
 * - fns record their declared `return_type` (`Self` is the enclosing impl's type); traits
 *   record their supertraits and `impl Trait for Type` blocks the trait, as `bases`.
 */

const RECEIVER = /^[\p{L}_][\w]*$/u;

/** `Self` written inside an impl or trait stands for that block's type. */
function withSelf(type: string, context: RuleContext): string {
  if (!/^Self\b/u.test(type)) return type;
  const owner = context.container();
  return owner && (owner.kind === "impl" || owner.kind === "trait") ? owner.qualified_name + type.slice(4) : type;
}

function declaredType(node: SyntaxNode | null, context: RuleContext): string | null {
  if (!node) return null;
  const path = typePathOf(node.text);
  return path ? withSelf(path, context) : null;
}

/** What a `let` value's type is, as far as the source says (see above). */
function valueType(node: SyntaxNode | null, context: RuleContext): string | null {
  if (!node) return null;
  switch (node.type) {
    case "reference_expression":
      return valueType(node.childForFieldName("value"), context);
    case "identifier":
      return localType(context, node.startIndex, node.text) ?? null;
    case "struct_expression":
      return declaredType(node.childForFieldName("name"), context);
    case "call_expression": {
      const callee = node.childForFieldName("function");
      if (!callee) return null;
      if (callee.type === "field_expression") {
        const value = callee.childForFieldName("value");
        const field = callee.childForFieldName("field");
        const type = value && field ? valueType(value, context) : null;
        return type && field ? `${type}#${field.text}()` : null;
      }
      const split = splitCallee(callee.text);
      if (!split) return null;
      if (split.receiver === null) return localType(context, callee.startIndex, split.callee) === undefined ? `${split.callee}()` : null;
      const receiver = withSelf(split.receiver.replace(/\s+/gu, ""), context);
      return RECEIVER_PATH.test(receiver) ? `${receiver.replace(/::/gu, ".")}.${split.callee}()` : null;
    }
    default:
      return null;
  }
}

const RECEIVER_PATH = /^[\p{L}_][\w]*(?:::[\p{L}_][\w]*)*$/u;

/** `<R: Repository>` and `where R: Repository`: a type parameter stands for its first trait bound. */
function typeParameterBounds(node: SyntaxNode): Map<string, string> {
  const bounds = new Map<string, string>();
  const add = (name: SyntaxNode | null, traits: SyntaxNode | null) => {
    const first = traitNames(traits)[0];
    if (name && first && !bounds.has(name.text)) bounds.set(name.text, first);
  };
  for (const parameter of node.childForFieldName("type_parameters")?.namedChildren ?? []) {
    if (parameter.type === "type_parameter") add(parameter.childForFieldName("name"), parameter.childForFieldName("bounds"));
  }
  for (const child of node.namedChildren) {
    if (child.type !== "where_clause") continue;
    for (const predicate of child.namedChildren)
      if (predicate.type === "where_predicate") add(predicate.childForFieldName("left"), predicate.childForFieldName("bounds"));
  }
  return bounds;
}

function bindParameters(node: SyntaxNode, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  const generic = node.childForFieldName("type_parameters") !== null || node.namedChildren.some((child) => child.type === "where_clause");
  const bounds = generic ? typeParameterBounds(node) : null;
  for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
    if (parameter.type !== "parameter") continue;
    const pattern = parameter.childForFieldName("pattern");
    const name = pattern?.type === "mut_pattern" ? pattern.namedChildren.at(-1) : pattern;
    if (name?.type !== "identifier") continue;
    const type = declaredType(parameter.childForFieldName("type"), context);
    bindLocal(context, parameter.startIndex, name.text, (type && bounds?.get(type)) ?? type);
  }
}

/** `let x: T = …` / `let x = …`: binds `x` (other patterns bind names of unknown type). */
function letDeclaration(node: SyntaxNode, context: RuleContext): null {
  const pattern = node.childForFieldName("pattern");
  if (pattern?.type !== "identifier") return null;
  const type = declaredType(node.childForFieldName("type"), context) ?? valueType(node.childForFieldName("value"), context);
  bindLocal(context, node.startIndex, pattern.text, type);
  return null;
}

/** Closure parameters and loop patterns bind names of unknown type: they shadow outer ones. */
function closureScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
    const pattern = parameter.type === "parameter" ? parameter.childForFieldName("pattern") : parameter;
    if (pattern?.type === "identifier") bindLocal(context, node.startIndex, pattern.text, declaredType(parameter.childForFieldName("type"), context));
  }
  return null;
}

function loopPattern(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const pattern = node.childForFieldName("pattern");
  if (pattern?.type === "identifier") bindLocal(context, node.startIndex, pattern.text, null);
  return null;
}

/** Trait names without generic arguments (`From<T>` -> `From`), lifetimes and `?Sized` left out. */
function traitNames(node: SyntaxNode | null): string[] {
  if (!node) return [];
  return node.text
    .replace(/^:/u, "")
    .split("+")
    .map((part) => typePathOf(part.replace(/<.*$/u, "")))
    .filter((name): name is string => name !== null && !name.startsWith("?"));
}

function annotateDefinition(rule: LanguageRules["definitions"][string], type: string): LanguageRules["definitions"][string] {
  return (node, context) => {
    const drafts = rule(node, context);
    if (!drafts || Array.isArray(drafts)) return drafts;
    annotate(drafts, node, type, context);
    return drafts;
  };
}

function annotate(draft: SymbolDraft, node: SyntaxNode, type: string, context: RuleContext): void {
  if (type === "function_item" || type === "function_signature_item") {
    const returns = declaredType(node.childForFieldName("return_type"), context);
    if (returns) draft.return_type = returns.replace(/::/gu, ".");
    if (type === "function_item") bindParameters(node, context);
  } else if (type === "trait_item") {
    const bases = traitNames(node.childForFieldName("bounds"));
    if (bases.length > 0) draft.bases = bases;
  } else if (type === "impl_item") {
    const bases = traitNames(node.childForFieldName("trait"));
    if (bases.length > 0) draft.bases = bases;
  }
}

function annotateCallDraft(draft: CallDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.kind !== "call") return;
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (!RECEIVER.test(draft.receiver) || draft.receiver === "self" || draft.receiver === "Self") return;
  const type = localType(context, node.startIndex, draft.receiver);
  if (type) draft.receiver_type = type;
}

/** The Rust rules with declared-type facts added (see above). */
export function withRustTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  definitions["let_declaration"] = letDeclaration;
  definitions["closure_expression"] = closureScope;
  definitions["for_expression"] = loopPattern;
  const calls = { ...rules.calls, call_expression: annotatingCalls(rules.calls["call_expression"]!, annotateCallDraft) };
  return { ...rules, definitions, calls };
}
