import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { annotatingCalls, bindLocal, localType, openLocalScope, typePathOf } from "../../internal/local-types";

/**
 * Declared types for the call resolver, layered over the Kotlin rules (`withKotlinTypes`).
 * Nothing is inferred, the source's declarations are read:
 *
 * - `package a.b` is recorded as the module's member type `<package>` (imports name package
 *   members, so the resolver finds an import's file by its package).
 * - Functions open a scope binding their typed parameters; a local `val`/`var` binds its
 *   declared type, else its value's: `Service()` / `build()` is `Service()` / `build()`
 *   (what calling it yields), a bound name its type, `x.make()` on a typed `x` is `T#make()`.
 * - Lambda parameters (`it` too) and loop variables are bound without a type: they shadow.
 * - Calls on a bound receiver get its `receiver_type`; inside a class, any other plain
 *   receiver is looked up as a property first (`this#repo`: Kotlin's implicit `this`); a bare
 *   call of a bound name (a lambda parameter or local) is `local`.
 * - Functions record their declared return type (or, for `= expr` bodies, the value's);
 *   `val`/`var` constructor parameters and typed class properties are member types.
 */

const TYPE_NODES = new Set(["user_type", "nullable_type"]);
const IDENTIFIER = /^[\p{L}_][\w]*$/u;
const CLASS_KINDS = new Set(["class", "data_class", "sealed_class", "enum_class", "object", "companion_object", "interface"]);

function declaredType(node: SyntaxNode | null | undefined): string | null {
  if (!node || !TYPE_NODES.has(node.type)) return null;
  const path = typePathOf(node.text);
  return path && path !== "Unit" ? path : null;
}

/** What an expression's type is, as far as the source declares it. */
function valueType(node: SyntaxNode | null | undefined, context: RuleContext): string | null {
  if (!node) return null;
  if (node.type === "identifier") return localType(context, node.startIndex, node.text) ?? null;
  if (node.type === "parenthesized_expression") return valueType(node.firstNamedChild, context);
  if (node.type !== "call_expression") return null;
  const callee = node.firstNamedChild;
  if (callee?.type === "identifier") return localType(context, callee.startIndex, callee.text) === undefined ? `${callee.text}()` : null;
  if (callee?.type !== "navigation_expression") return null;
  const target = callee.firstNamedChild;
  const member = callee.lastChild;
  if (!target || member?.type !== "identifier") return null;
  const owner = target.type === "identifier" ? localType(context, target.startIndex, target.text) : undefined;
  if (owner) return `${owner}#${member.text}()`;
  if (owner === null) return null;
  const path = target.text.replace(/\s+/gu, "");
  return /^[\p{L}_][\w]*(?:\.[\p{L}_][\w]*)*$/u.test(path) ? `${path}.${member.text}()` : null;
}

function functionScope(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  const children = node.children;
  const parameters = children.findIndex((child) => child.type === "function_value_parameters");
  if (parameters < 0) return;
  for (const parameter of children[parameters]!.namedChildren) {
    if (parameter.type !== "parameter") continue;
    const [name, type] = parameter.namedChildren;
    if (name?.type === "identifier") bindLocal(context, parameter.startIndex, name.text, declaredType(type));
  }
  const returns = declaredType(children.slice(parameters + 1).find((child) => TYPE_NODES.has(child.type)));
  const body = children.find((child) => child.type === "function_body");
  const value = returns ?? (body?.firstChild?.type === "=" ? valueType(body.firstNamedChild, context) : null);
  if (value) draft.return_type = value;
}

/** `val`/`var` constructor parameters are typed properties of the class. */
function classProperties(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  const owner = context.container();
  const qualified = owner ? `${owner.qualified_name}.${draft.name}` : draft.name;
  const constructor = node.children.find((child) => child.type === "primary_constructor");
  const parameters = constructor?.namedChildren.find((child) => child.type === "class_parameters")?.namedChildren ?? [];
  for (const parameter of parameters) {
    if (parameter.type !== "class_parameter" || !parameter.children.some((child) => child.type === "val" || child.type === "var")) continue;
    const name = parameter.namedChildren.find((child) => child.type === "identifier");
    const type = declaredType(parameter.namedChildren.find((child) => TYPE_NODES.has(child.type)));
    if (name && type) context.memberType?.(name.text, type, qualified);
  }
}

/** Properties: a class member's type is a member type; a local's is bound in its function. */
function propertyTypes(node: SyntaxNode, context: RuleContext): void {
  const variable = node.namedChildren.find((child) => child.type === "variable_declaration");
  const name = variable?.firstNamedChild;
  if (name?.type !== "identifier") return;
  const equals = node.children.findIndex((child) => child.type === "=");
  const type =
    declaredType(variable!.namedChildren[1]) ??
    (equals < 0
      ? null
      : valueType(
          node.children.slice(equals + 1).find((child) => child.isNamed),
          context,
        ));
  const parent = context.parentType();
  if (parent === "class_body") {
    if (type) context.memberType?.(name.text, type);
  } else if (parent !== "source_file") bindLocal(context, node.startIndex, name.text, type);
}

function annotateDefinition(rule: LanguageRules["definitions"][string], type: string): LanguageRules["definitions"][string] {
  return (node, context) => {
    if (type === "property_declaration") propertyTypes(node, context);
    const drafts = rule(node, context);
    if (!drafts || Array.isArray(drafts)) return drafts;
    if (type === "function_declaration") functionScope(node, drafts, context);
    else if (type === "class_declaration") classProperties(node, drafts, context);
    return drafts;
  };
}

function annotateCallDraft(draft: CallDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (!IDENTIFIER.test(draft.receiver) || draft.receiver === "this" || draft.receiver === "super") return;
  const type = localType(context, node.startIndex, draft.receiver);
  if (type) draft.receiver_type = type;
  else if (type === undefined && CLASS_KINDS.has(context.container()?.kind ?? "")) draft.receiver_type = `this#${draft.receiver}`;
}

/** A lambda's parameters (or its implicit `it`) and a `for` loop's variable shadow outer names. */
function lambdaScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const parameters = node.namedChildren.find((child) => child.type === "lambda_parameters");
  if (!parameters) bindLocal(context, node.startIndex, "it", null);
  for (const parameter of parameters?.namedChildren ?? []) {
    const name = parameter.type === "variable_declaration" ? parameter.firstNamedChild : null;
    if (name?.type === "identifier") bindLocal(context, node.startIndex, name.text, declaredType(parameter.namedChildren[1]));
  }
  return null;
}

function loopVariable(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const name = node.namedChildren.find((child) => child.type === "variable_declaration")?.firstNamedChild;
  if (name?.type === "identifier") bindLocal(context, node.startIndex, name.text, null);
  return null;
}

/** `package a.b`: recorded for the resolver's import lookup (see above). */
function packageHeader(node: SyntaxNode, context: RuleContext): null {
  const path = node.namedChildren.find((child) => child.type === "qualified_identifier" || child.type === "identifier");
  if (path) context.memberType?.("<package>", path.text.replace(/\s+/gu, ""), "");
  return null;
}

/** The Kotlin rules with declared-type facts added (see above). */
export function withKotlinTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  definitions["lambda_literal"] = lambdaScope;
  definitions["for_statement"] = loopVariable;
  const calls = { ...rules.calls, call_expression: annotatingCalls(rules.calls["call_expression"]!, annotateCallDraft) };
  const skip = new Set(rules.skip);
  skip.delete("package_header");
  return { ...rules, skip, definitions, calls, imports: { ...rules.imports, package_header: packageHeader } };
}
