import { annotatingCalls, bindLocal, localType, openLocalScope } from "../../internal/local-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { memberOf, receiverNodeOf, simpleName } from "./csharp-calls";
import { typeParameterNames } from "./csharp-declarations";
import { declaredType, enclosingNamespace, enclosingType, fileState } from "./csharp-state";
import { identifierName, typePath } from "./csharp-type-text";

/**
 * Declared types for the call resolver, layered over the C# rules (`withCSharpTypes`).
 * Nothing is inferred; the source's declarations are read:
 *
 * - A namespace is recorded as the module's member type `<package>` (the resolver finds
 *   same-namespace types and `using R = A.B.C` aliases through it).
 * - Callables (methods, constructors, operators, accessors, local functions, lambdas) open
 *   a scope binding their parameters; a property's accessors see `value` as the property's
 *   type. Locals bind their declared type, or for `var` their value's: `new Store()` is
 *   `Store`, `(Store)x` and `x as Store` are `Store`, `Build()` is `Build()` (what calling
 *   it yields), `x.Make()` on a typed `x` is `T#Make()`. `foreach`, `catch`, `out var`
 *   and `is Store s` bind too; a name bound without a known type shadows outer ones.
 * - Receivers: a bound local gives its type (and marks the call `local`); `this.x` and a
 *   plain name that is no local inside a type are the type's member (`this#x`), unless
 *   the name is capitalized and no member of that type: then it names a type
 *   (`Store.Open()`, receiver type `Store`); `base` is the first base type.
 * - Methods record their declared return type; positional record parameters and primary
 *   constructor parameters are member types of their type (properties and fields carry
 *   their own `value_type`).
 */

/** Receiver expressions nest at most this deep before their type is given up. */
const MAX_DEPTH = 12;
const SCOPED_CALLABLES = new Set([
  "method_declaration",
  "local_function_statement",
  "constructor_declaration",
  "destructor_declaration",
  "operator_declaration",
  "conversion_operator_declaration",
]);
const ACCESSOR_OWNERS = new Set(["property_declaration", "indexer_declaration", "event_declaration"]);
/** Where a `variable_declaration` declares locals (not fields). */
const LOCAL_DECLARATION_PARENTS = new Set(["local_declaration_statement", "using_statement", "for_statement", "fixed_statement"]);
const CAPITALIZED = /^\p{Lu}/u;

/** What an expression's type is, as far as the source declares it: a type path or call marker, null (known to be untyped), undefined (not known). */
function expressionType(node: SyntaxNode | null | undefined, context: RuleContext, depth = 0): string | null | undefined {
  if (!node || depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case "this":
      return "this";
    case "base":
      return baseType(context);
    case "identifier": {
      const name = identifierName(node.text);
      const local = localType(context, node.startIndex, name);
      if (local !== undefined) return local;
      const owner = enclosingType(context);
      if (owner && (!CAPITALIZED.test(name) || (owner.names().members.has(name) && !owner.nestedTypes().has(name)))) return `this#${name}`;
      return CAPITALIZED.test(name) ? (declaredType(context, name) ?? undefined) : undefined;
    }
    case "member_access_expression": {
      const name = simpleName(node.childForFieldName("name"));
      const inner = expressionType(node.childForFieldName("expression"), context, depth + 1);
      return name !== null && inner ? `${inner}#${name}` : inner === null ? null : undefined;
    }
    case "invocation_expression":
      return callType(node, context, depth);
    case "object_creation_expression":
    case "cast_expression":
      return declaredType(context, typePath(node.childForFieldName("type")?.text ?? ""));
    case "as_expression":
      return declaredType(context, typePath(node.childForFieldName("right")?.text ?? ""));
    case "parenthesized_expression":
      return expressionType(node.firstNamedChild, context, depth + 1);
    default:
      return undefined;
  }
}

/** `Build()` is `Build()`; `x.Make()` is `T#Make()` with `x` of type `T`. */
function callType(node: SyntaxNode, context: RuleContext, depth: number): string | null | undefined {
  const fn = node.childForFieldName("function");
  if (!fn) return undefined;
  const bare = simpleName(fn);
  if (bare !== null) return localType(context, fn.startIndex, bare) === undefined ? `${bare}()` : null;
  const access = memberOf(fn);
  const name = simpleName(access?.member);
  if (!access?.target || name === null) return undefined;
  const inner = expressionType(access.target, context, depth + 1);
  return inner ? `${inner}#${name}()` : inner === null ? null : undefined;
}

/** The base class of the type around the walk's position: the first base, unless it reads as an interface. */
function baseType(context: RuleContext): string | null {
  const base = enclosingType(context)?.bases[0];
  return base && !/^I\p{Lu}/u.test(base.slice(base.lastIndexOf(".") + 1)) ? base : null;
}

function bindParameters(list: SyntaxNode | null | undefined, context: RuleContext, typeParameters?: ReadonlySet<string>): void {
  if (!list) return;
  // `x => …`: one untyped parameter.
  if (list.type === "implicit_parameter" || list.type === "identifier") {
    bindLocal(context, list.startIndex, identifierName(list.text), null);
    return;
  }
  for (const parameter of list.namedChildren) {
    if (parameter.type !== "parameter") continue;
    const name = parameter.childForFieldName("name");
    const type = declaredType(context, typePath(parameter.childForFieldName("type")?.text ?? ""), typeParameters);
    if (name) bindLocal(context, parameter.startIndex, identifierName(name.text), type);
  }
}

function callableScope(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  const generic = node.type === "method_declaration" || node.type === "local_function_statement";
  const own = typeParameterNames(generic ? node.childForFieldName("type_parameters") : null);
  bindParameters(node.childForFieldName("parameters"), context, own);
  if (!generic) return;
  const returns = declaredType(context, typePath((node.childForFieldName("returns") ?? node.childForFieldName("type"))?.text ?? ""), own);
  if (returns) draft.return_type = returns;
}

/** A property's, indexer's or event's accessors: their parameters and `value`. */
function accessorScope(node: SyntaxNode, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  bindParameters(node.childForFieldName("parameters"), context);
  bindLocal(context, node.startIndex, "value", declaredType(context, typePath(node.childForFieldName("type")?.text ?? "")));
}

/** `record Point(int X, int Y)`, `class Service(IRepo repo)`: the parameters are members of the type. */
function primaryConstructor(draft: SymbolDraft, context: RuleContext): void {
  const owner = context.container();
  const qualified = owner ? `${owner.qualified_name}.${draft.name}` : draft.name;
  const facts = fileState(context).types.get(qualified);
  for (const parameter of facts?.primary?.namedChildren ?? []) {
    const name = parameter.type === "parameter" ? parameter.childForFieldName("name") : null;
    const type = declaredType(context, typePath(parameter.childForFieldName("type")?.text ?? ""), facts!.typeParameters);
    if (name && type) context.memberType?.(identifierName(name.text), type, qualified);
  }
}

function annotateDefinition(rule: LanguageRules["definitions"][string], type: string): LanguageRules["definitions"][string] {
  return (node, context) => {
    const drafts = rule(node, context);
    if (!drafts || Array.isArray(drafts)) return drafts;
    if (SCOPED_CALLABLES.has(type)) callableScope(node, drafts, context);
    else if (ACCESSOR_OWNERS.has(type)) accessorScope(node, context);
    else if (type === "record_declaration" || type === "class_declaration" || type === "struct_declaration") primaryConstructor(drafts, context);
    else if (type === "namespace_declaration" || type === "file_scoped_namespace_declaration") {
      const name = enclosingNamespace(context, node.startIndex);
      if (name) context.memberType?.("<package>", name, "");
    }
    return drafts;
  };
}

/** Locals: `Store s = …`, `var s = new Store()`, `using var s = …`, `for (var i = …)`. */
function variableDeclaration(node: SyntaxNode, context: RuleContext): null {
  if (!LOCAL_DECLARATION_PARENTS.has(context.parentType() ?? "")) return null;
  const typeNode = node.childForFieldName("type");
  const declared = typeNode?.type === "implicit_type" ? undefined : declaredType(context, typePath(typeNode?.text ?? ""));
  for (const declarator of node.namedChildren) {
    if (declarator.type !== "variable_declarator") continue;
    const name = declarator.childForFieldName("name");
    if (!name) {
      // `var (a, b) = …`
      for (const part of declarator.namedChildren.find((child) => child.type === "tuple_pattern")?.namedChildren ?? [])
        if (part.type === "identifier") bindLocal(context, node.startIndex, identifierName(part.text), null);
      continue;
    }
    const value = declarator.namedChildren.find((child) => child.startIndex !== name.startIndex);
    const type = declared !== undefined ? declared : (expressionType(value, context) ?? null);
    bindLocal(context, node.startIndex, identifierName(name.text), type);
  }
  return null;
}

/** `foreach (Store s in …)`, `catch (IOException e)`, `is Store s`, `out Store s`: a typed name (untyped for `var`). */
function typedName(node: SyntaxNode, context: RuleContext): null {
  const type = node.childForFieldName("type");
  const target = node.childForFieldName(node.type === "foreach_statement" ? "left" : "name");
  const declared = type?.type === "implicit_type" ? null : declaredType(context, typePath(type?.text ?? ""));
  if (target?.type === "identifier") bindLocal(context, node.startIndex, identifierName(target.text), declared);
  else for (const part of target?.namedChildren ?? []) if (part.type === "identifier") bindLocal(context, node.startIndex, identifierName(part.text), null);
  return null;
}

function lambdaScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  bindParameters(node.childForFieldName("parameters"), context);
  return null;
}

/** Files whose top-level statements opened their scope. */
const topLevelScopes = new WeakSet<RuleContext>();

/** Top-level statements: their locals live until the end of the file. */
function globalStatement(node: SyntaxNode, context: RuleContext): null {
  if (!topLevelScopes.has(context)) {
    topLevelScopes.add(context);
    openLocalScope(context, node.startIndex, context.source.length);
  }
  return null;
}

function annotateCallDraft(draft: CallDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.kind !== "call") return;
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (draft.receiver === "this") return;
  const target = receiverNodeOf(draft);
  if (!target) return;
  const type = expressionType(target, context);
  if (type && type !== "this") draft.receiver_type = type;
  let head: SyntaxNode | null = target;
  while (head?.type === "member_access_expression") head = head.childForFieldName("expression");
  if (head?.type === "identifier" && localType(context, head.startIndex, identifierName(head.text)) !== undefined) draft.local = true;
}

/** The C# rules with declared-type facts added (see above). */
export function withCSharpTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  definitions["variable_declaration"] = variableDeclaration;
  definitions["foreach_statement"] = typedName;
  definitions["catch_declaration"] = typedName;
  definitions["declaration_pattern"] = typedName;
  definitions["declaration_expression"] = typedName;
  definitions["lambda_expression"] = lambdaScope;
  definitions["anonymous_method_expression"] = lambdaScope;
  definitions["global_statement"] = globalStatement;
  const calls = { ...rules.calls, invocation_expression: annotatingCalls(rules.calls["invocation_expression"]!, annotateCallDraft) };
  return { ...rules, definitions, calls };
}
