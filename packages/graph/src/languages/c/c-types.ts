import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { annotatingCalls, bindLocal, localType, openLocalScope } from "../../internal/local-types";
import { declaredName, functionDeclaratorOf, qualifiedSegments, typePath } from "./c-declarators";
import { expandNamespaceAlias } from "./c-scope-state";
import { CONTAINER_KINDS, insideBody, memberOwnerAt, type Dialect } from "./c-symbols";

/**
 * Local names and declared types for the call resolver, layered over the C or C++ rules
 * (`withCTypes`). In C, only which names are parameters and locals: a bare call of one is a
 * call through a function pointer (`local`), never of the global function of that name (C
 * has no methods, so receiver types would find nothing). In C++, nothing is inferred beyond
 * what the source declares:
 *
 * - Functions and lambdas open a scope binding their parameters' declared types (`Store&
 *   s`, `const Store* s`, `std::unique_ptr<Store> s`: `Store`); a local declaration binds
 *   its declared type, or for `auto` its value's: `new Store()` and `Store()` are a `Store`,
 *   `make()` is what calling `make` yields (`make()`), `A::create()` is `A#create()`, and
 *   `x.make()` on a typed `x` is `T#make()`. Range-for variables shadow without a type.
 * - Calls on a bound receiver get its `receiver_type`; `A::f()` gets the path `A` (a
 *   namespace alias replaced by its target); `make().f()` what `make` yields. In a member
 *   function, `this` is its class and any other plain receiver is looked up as a data member
 *   first: `this#store` in the class body, `A#store` in a definition out of line (`void
 *   A::f() {}`), whose class is declared in another file. A bare call of a bound name (a
 *   function pointer or lambda held in a local) is `local`.
 * - Functions record their declared return type; typed data members are member types.
 * - Every file is in the one package `::` (see `globalPackage`).
 */

const IDENTIFIER = /^[\p{L}_][\w]*$/u;
const THIS_MEMBER = /^this\s*->\s*([\p{L}_][\w]*)$/u;

/** What an expression's type is, as far as the source declares it. */
function valueType(node: SyntaxNode | null | undefined, context: RuleContext): string | null {
  if (!node) return null;
  switch (node.type) {
    case "identifier":
      return localType(context, node.startIndex, node.text) ?? null;
    case "parenthesized_expression":
      return valueType(node.firstNamedChild, context);
    case "new_expression":
      return typePath(node.childForFieldName("type"));
    case "call_expression":
      return callResult(node, context);
    default:
      return null;
  }
}

/** What a call yields: `f()`, `A.create()`, or `T#make()` on a typed receiver. */
function callResult(node: SyntaxNode, context: RuleContext): string | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  if (callee.type === "identifier") return localType(context, callee.startIndex, callee.text) === undefined ? `${callee.text}()` : null;
  if (callee.type === "template_function") {
    const name = callee.childForFieldName("name");
    return name ? `${name.text}()` : null;
  }
  if (callee.type === "qualified_identifier") {
    // `A::create()`: the member `create` of the type (or namespace) `A`.
    const segments = qualifiedSegments(callee);
    const name = segments.pop();
    if (!name) return null;
    return segments.length > 0 ? `${segments.join("::")}#${name}()` : `${name}()`;
  }
  if (callee.type === "field_expression") {
    const target = callee.childForFieldName("argument");
    const field = callee.childForFieldName("field");
    if (target?.type !== "identifier" || field?.type !== "field_identifier") return null;
    const owner = localType(context, target.startIndex, target.text);
    return owner ? `${owner}#${field.text}()` : null;
  }
  return null;
}

function bindParameters(parameters: SyntaxNode | null, context: RuleContext, offset: number): void {
  for (const parameter of parameters?.namedChildren ?? []) {
    if (parameter.type !== "parameter_declaration" && parameter.type !== "optional_parameter_declaration") continue;
    const name = declaredName(parameter.childForFieldName("declarator"));
    if (name?.type === "identifier") bindLocal(context, offset, name.text, typePath(parameter.childForFieldName("type")));
  }
}

/** The function declarator under a definition's declarator (through `*` and `&`). */
function functionDeclarator(node: SyntaxNode | null): SyntaxNode | null {
  for (let current = node, depth = 0; current && depth < 16; depth++) {
    if (current.type === "function_declarator") return current;
    current = current.childForFieldName("declarator") ?? current.namedChildren.at(-1) ?? null;
  }
  return null;
}

function functionScope(node: SyntaxNode, draft: SymbolDraft | null, context: RuleContext, dialect: Dialect): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  const declarator = functionDeclarator(node.childForFieldName("declarator"));
  bindParameters(declarator?.childForFieldName("parameters") ?? null, context, node.startIndex);
  if (draft && draft.kind !== "constructor" && dialect === "cpp") {
    const returns = typePath(node.childForFieldName("type"));
    if (returns) draft.return_type = returns;
  }
}

/** A local declaration binds its names; a data member's declared type is a member type of its class (C++). */
function declarationTypes(node: SyntaxNode, context: RuleContext, dialect: Dialect): void {
  const parent = context.parentType();
  // Declarations outside bodies and class bodies (globals, prototypes) bind nothing.
  if (node.type === "field_declaration" ? dialect === "c" || parent !== "field_declaration_list" : !insideBody(context)) return;
  const declared = dialect === "cpp" ? typePath(node.childForFieldName("type")) : null;
  if (node.type === "field_declaration") {
    if (parent !== "field_declaration_list" || !declared) return;
    for (const declarator of node.childrenForFieldName("declarator")) {
      const name = functionDeclaratorOf(declarator) ? null : declaredName(declarator);
      if (name?.type === "field_identifier") context.memberType?.(name.text, declared);
    }
    return;
  }
  if (!insideBody(context)) return;
  for (const declarator of node.childrenForFieldName("declarator")) {
    const name = declaredName(declarator);
    if (name?.type !== "identifier") continue;
    const value = declarator.type === "init_declarator" ? declarator.childForFieldName("value") : null;
    bindLocal(context, node.startIndex, name.text, declared ?? valueType(value, context));
  }
}

function lambdaScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const declarator = node.childForFieldName("declarator");
  bindParameters(declarator?.childForFieldName("parameters") ?? null, context, node.startIndex);
  return null;
}

function rangeLoopScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const name = declaredName(node.childForFieldName("declarator"));
  if (name?.type === "identifier") bindLocal(context, node.startIndex, name.text, typePath(node.childForFieldName("type")));
  return null;
}

/**
 * How a member function names its own object in receiver types: `this` in a class body; the
 * class's path out of line (`void A::f() {}`: `A`), where no class encloses the definition.
 * Null outside member functions.
 */
function selfType(context: RuleContext, offset: number): { path: string; ref: string } | null {
  const owner = memberOwnerAt(context, offset);
  if (owner !== null) return { path: owner, ref: owner };
  const container = context.container();
  if (container && CONTAINER_KINDS.has(container.kind) && container.kind !== "namespace") return { path: container.qualified_name, ref: "this" };
  return null;
}

function annotateCall(draft: CallDraft, node: SyntaxNode, context: RuleContext, dialect: Dialect): void {
  if (draft.kind === "new") return;
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (dialect === "c") return;
  const callee = node.childForFieldName("function");
  // `A::f()`, `ns::f()`: the receiver is a type or namespace path (a namespace alias stands for its target).
  if (callee?.type === "qualified_identifier") {
    draft.receiver_type = expandNamespaceAlias(context, draft.receiver);
    return;
  }
  // `make().f()`: what calling `make` yields.
  const target = callee?.type === "field_expression" ? callee.childForFieldName("argument") : null;
  if (target?.type === "call_expression") {
    const result = callResult(target, context);
    if (result) draft.receiver_type = result;
    return;
  }
  const self = selfType(context, node.startIndex);
  if (draft.receiver === "this") {
    if (self) draft.receiver_type = self.path;
    return;
  }
  const member = THIS_MEMBER.exec(draft.receiver);
  if (member) {
    if (self) draft.receiver_type = `${self.ref}#${member[1]}`;
    return;
  }
  if (!IDENTIFIER.test(draft.receiver)) return;
  const type = localType(context, node.startIndex, draft.receiver);
  if (type) draft.receiver_type = type;
  else if (type === undefined && self) draft.receiver_type = `${self.ref}#${draft.receiver}`;
}

/**
 * C and C++ have one namespace of type names across the files a program includes: every
 * file is in the one package `::`, so the resolver finds a type declared in a header by its
 * name (an include does not say which names it brings).
 */
function globalPackage(_node: SyntaxNode, context: RuleContext): null {
  context.memberType?.("<package>", "::", "");
  return null;
}

/** The rules with local names and (C++) declared types added (see above). */
export function withCTypes(rules: LanguageRules, dialect: Dialect): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = { ...rules.definitions };
  const functionRule = rules.definitions["function_definition"]!;
  definitions["function_definition"] = (node, context) => {
    const drafts = functionRule(node, context);
    const draft = drafts && !Array.isArray(drafts) ? drafts : null;
    functionScope(node, draft, context, dialect);
    return drafts;
  };
  for (const type of ["declaration", "field_declaration"]) {
    const rule = rules.definitions[type];
    if (!rule) continue;
    definitions[type] = (node, context) => {
      declarationTypes(node, context, dialect);
      return rule(node, context);
    };
  }
  definitions["translation_unit"] = globalPackage;
  if (dialect === "cpp") {
    definitions["lambda_expression"] = lambdaScope;
    definitions["for_range_loop"] = rangeLoopScope;
  }
  const calls: Record<string, LanguageRules["calls"][string]> = {};
  for (const [type, rule] of Object.entries(rules.calls))
    calls[type] = annotatingCalls(rule, (draft, node, context) => annotateCall(draft, node, context, dialect));
  return { ...rules, definitions, calls };
}
