import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { bindLocal, openLocalScope } from "../../internal/local-types";
import { constructorInvocation, methodInvocation, objectCreation } from "./java-calls";
import { typeName } from "./java-declarations";
import {
  TYPE_LIKE_NAME,
  PRIMITIVES,
  TYPE_DECLARATIONS,
  LOCAL,
  stateOf,
  qualifiedHere,
  qualifyType,
  declaredType,
  typeParameterNames,
  expressionType,
  anonymousAt,
  variableType,
} from "./java-type-scope";

/**
 * Declared types for the call resolver, layered over the Java rules (`withJavaTypes`).
 * Nothing is inferred; the source's declarations are read:
 *
 * - Methods, constructors, lambdas, `for` loops, `catch` clauses and try-with-resources open
 *   scopes; parameters, locals, loop and resource variables and pattern variables
 *   (`x instanceof Store s`, `case Store s ->`) bind their declared type (`var`: the value's,
 *   `new Store()` is a `Store`, `make()` whatever `make` returns). A name bound without a
 *   known type (a lambda parameter, an array) shadows fields, and calls on it are `local`.
 * - A receiver that is no local is a field of the enclosing class (`this#repo`), of the class
 *   a static import names (`YEAR` -> `ChronoField#YEAR`), or, inside an anonymous class, of
 *   the class declaring it around or of the type the anonymous class extends. Written like a
 *   type (`Store`, `Outer.Inner`), it is that type: one nested in an enclosing class is
 *   qualified by it (`HashMap.Node`), one imported by its nested name by its outer type
 *   (`Entry` -> `Map.Entry`); any other is left to imports and the file's package.
 * - Methods record their declared return type, fields, record components and enum constants
 *   their type (member types), so chains (`repo.find().save()`) and field receivers resolve.
 *   A type parameter stands for its bound (`D extends ChronoLocalDate`), an unbounded one and
 *   primitives for no type. Bases are qualified like declared types.
 * - A type declaration's superclass names what `super(…)` constructs.
 */

function bindParameters(parameters: SyntaxNode | null, context: RuleContext): void {
  for (const parameter of parameters?.namedChildren ?? []) {
    if (parameter.type === "formal_parameter") {
      const name = parameter.childForFieldName("name");
      const array = parameter.childForFieldName("dimensions") !== null;
      if (name?.type === "identifier")
        bindLocal(context, parameter.startIndex, name.text, array ? null : declaredType(parameter.childForFieldName("type"), context));
    } else if (parameter.type === "spread_parameter") {
      // `String... rest` is an array.
      const name = parameter.namedChildren.find((child) => child.type === "variable_declarator")?.childForFieldName("name");
      if (name) bindLocal(context, parameter.startIndex, name.text, null);
    } else if (parameter.type === "identifier") {
      bindLocal(context, parameter.startIndex, parameter.text, null);
    }
  }
}

/** Methods and constructors: a scope with their parameters, their type parameters, the declared return type. */
function callableScope(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  const typeParameters = typeParameterNames(node.childForFieldName("type_parameters"));
  if (typeParameters.size > 0) stateOf(context).methodTypeParameters.push({ end: node.endIndex, names: typeParameters });
  openLocalScope(context, node.startIndex, node.endIndex);
  if (node.type === "method_declaration") {
    const returns = declaredType(node.childForFieldName("type"), context);
    if (returns) draft.return_type = returns;
  }
  bindParameters(node.childForFieldName("parameters"), context);
}

/** Types: their nested types, type parameters and superclass; a record's components are its fields. */
function typeFacts(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  const state = stateOf(context);
  const qualified = qualifiedHere(context, draft.name);
  const typeParameters = typeParameterNames(node.childForFieldName("type_parameters"));
  if (typeParameters.size > 0) state.typeParameters.set(qualified, typeParameters);
  // A base nested in an enclosing class (`extends Traverser<K, V>` in ConcurrentHashMap) is found through it.
  if (draft.bases) draft.bases = draft.bases.map((base) => qualifyType(base, context));
  if (node.childForFieldName("superclass") && draft.bases?.[0]) state.superclasses.set(qualified, draft.bases[0]);
  let members = node.childForFieldName("body")?.namedChildren ?? [];
  const nested = new Set<string>();
  const fields = new Set<string>();
  if (node.type === "enum_declaration") {
    // An enum constant is a value of its enum: `Flag.SIZED.isKnown()` calls an enum method.
    for (const constant of members) {
      const name = constant.type === "enum_constant" ? constant.childForFieldName("name") : null;
      if (!name) continue;
      context.memberType?.(name.text, qualified, qualified);
      fields.add(name.text);
    }
    members = members.find((child) => child.type === "enum_body_declarations")?.namedChildren ?? [];
  }
  for (const member of members) {
    if (member.type === "field_declaration" || member.type === "constant_declaration") {
      for (const declarator of member.namedChildren) {
        const name = declarator.type === "variable_declarator" ? declarator.childForFieldName("name") : null;
        if (name) fields.add(name.text);
      }
      continue;
    }
    const name = TYPE_DECLARATIONS.has(member.type) ? member.childForFieldName("name") : null;
    if (name) nested.add(name.text);
  }
  if (nested.size > 0) state.nested.set(qualified, nested);
  for (const component of node.type === "record_declaration" ? (node.childForFieldName("parameters")?.namedChildren ?? []) : []) {
    const name = component.type === "formal_parameter" ? component.childForFieldName("name") : null;
    if (name) fields.add(name.text);
  }
  if (fields.size > 0) state.fields.set(qualified, fields);
  if (node.type !== "record_declaration") return;
  for (const component of node.childForFieldName("parameters")?.namedChildren ?? []) {
    const name = component.type === "formal_parameter" ? component.childForFieldName("name") : null;
    // Read in the record's own scope: its type parameters and nested types.
    const type = name ? declaredTypeIn(component.childForFieldName("type"), qualified, context) : null;
    if (name && type) context.memberType?.(name.text, type, qualified);
  }
}

/** `declaredType` as seen from inside the type `qualified`, before the walker enters it. */
function declaredTypeIn(node: SyntaxNode | null, qualified: string, context: RuleContext): string | null {
  const path = typeName(node);
  if (!path || PRIMITIVES.has(path)) return null;
  const state = stateOf(context);
  const head = path.split(".", 1)[0]!;
  if (!path.includes(".") && state.typeParameters.get(qualified)?.has(path)) {
    const bound = state.typeParameters.get(qualified)!.get(path);
    return bound ? qualifyType(bound, context) : null;
  }
  if (state.nested.get(qualified)?.has(head)) return `${qualified}.${path}`;
  return declaredType(node, context);
}

/** Fields of a class (not of an anonymous class, which has no symbol to own them) are member types. */
function fieldTypes(node: SyntaxNode, context: RuleContext): void {
  if (context.ancestorType(1) === "object_creation_expression") return;
  const type = node.childForFieldName("type");
  const array = type?.type === "array_type";
  for (const declarator of node.namedChildren) {
    if (declarator.type !== "variable_declarator") continue;
    const name = declarator.childForFieldName("name");
    const declared = array || declarator.childForFieldName("dimensions") ? null : declaredType(type, context);
    if (name && declared) context.memberType?.(name.text, declared);
  }
}

function localVariables(node: SyntaxNode, context: RuleContext): null {
  const type = node.childForFieldName("type");
  for (const declarator of node.namedChildren) {
    if (declarator.type !== "variable_declarator") continue;
    const name = declarator.childForFieldName("name");
    if (name?.type !== "identifier") continue;
    const array = type?.type === "array_type" || declarator.childForFieldName("dimensions") !== null;
    bindLocal(context, node.startIndex, name.text, array ? null : variableType(type, declarator.childForFieldName("value"), context));
  }
  return null;
}

/** `for (Store s : stores)`: the loop variable lives in the loop. */
function enhancedFor(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const name = node.childForFieldName("name");
  if (name?.type === "identifier") bindLocal(context, node.startIndex, name.text, variableType(node.childForFieldName("type"), null, context));
  return null;
}

/** `for (int i = 0; …)`, try-with-resources: their variables live in the statement. */
function statementScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  return null;
}

function resource(node: SyntaxNode, context: RuleContext): null {
  const name = node.childForFieldName("name");
  if (name?.type === "identifier")
    bindLocal(context, node.startIndex, name.text, variableType(node.childForFieldName("type"), node.childForFieldName("value"), context));
  return null;
}

/** `catch (IOException e)`: one caught type is the variable's type; a multi-catch has none. */
function catchClause(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const parameter = node.namedChildren.find((child) => child.type === "catch_formal_parameter");
  const name = parameter?.childForFieldName("name");
  if (!parameter || name?.type !== "identifier") return null;
  const types = parameter.namedChildren.find((child) => child.type === "catch_type")?.namedChildren ?? [];
  bindLocal(context, node.startIndex, name.text, types.length === 1 ? declaredType(types[0], context) : null);
  return null;
}

function lambda(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const parameters = node.childForFieldName("parameters");
  if (parameters?.type === "identifier") bindLocal(context, node.startIndex, parameters.text, null);
  else bindParameters(parameters, context);
  return null;
}

/** `x instanceof Store s`: `s` is a `Store` from here on (the scope is approximated by the enclosing one). */
function instanceofPattern(node: SyntaxNode, context: RuleContext): null {
  const name = node.childForFieldName("name");
  if (name?.type === "identifier") bindLocal(context, node.startIndex, name.text, declaredType(node.childForFieldName("right"), context));
  return null;
}

/** `case Store s ->` and record pattern components `Point(int x, var y)`. */
function patternVariable(node: SyntaxNode, context: RuleContext): null {
  const children = node.namedChildren;
  const name = children[children.length - 1];
  if (children.length === 2 && name?.type === "identifier") bindLocal(context, node.startIndex, name.text, declaredType(children[0], context));
  return null;
}

function annotateDefinition(rule: LanguageRules["definitions"][string], type: string): LanguageRules["definitions"][string] {
  return (node, context) => {
    if (type === "field_declaration" || type === "constant_declaration") fieldTypes(node, context);
    const drafts = rule(node, context);
    if (!drafts || Array.isArray(drafts)) return drafts;
    if (TYPE_DECLARATIONS.has(type)) typeFacts(node, drafts, context);
    else if (type === "method_declaration" || type === "constructor_declaration" || type === "compact_constructor_declaration")
      callableScope(node, drafts, context);
    else if (type === "static_initializer") openLocalScope(context, node.startIndex, node.endIndex);
    return drafts;
  };
}

/** Method calls with their receiver's type (or `local`), and `super(…)` with the superclass. */
function typedInvocation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const object = node.childForFieldName("object");
  const draft = methodInvocation(node, context, object);
  if (!draft || !object || object.type === "this" || object.type === "super") return draft;
  const type = expressionType(object, context);
  if (type === LOCAL) draft.local = true;
  else if (type !== null) draft.receiver_type = type;
  return draft;
}

/** `new Sink.Chained<>()`: the qualifying type, found like any type written here (a nested or same-package one). */
function typedCreation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const draft = objectCreation(node);
  if (draft?.receiver && draft.receiver.split(".").every((segment) => TYPE_LIKE_NAME.test(segment))) draft.receiver_type = qualifyType(draft.receiver, context);
  // `new Base() { … }`: inside the body, `this` and inherited fields are the anonymous class's.
  const body = node.lastChild;
  if (draft && body?.type === "class_body") {
    anonymousAt(context, node.startIndex);
    const type = draft.receiver ? `${draft.receiver}.${draft.callee}` : draft.callee;
    stateOf(context).anonymous.push({ start: body.startIndex, end: body.endIndex, type: qualifyType(type, context) });
  }
  return draft;
}

/**
 * `import static a.b.Fields.MAX;`: a receiver `MAX` is a static field of `Fields`.
 * `import java.util.Map.Entry;`: `Entry` is `Map.Entry` (the resolver finds packages'
 * top-level types; the outer type is imported or in the file's package).
 */
function importFacts(rule: LanguageRules["imports"][string]): LanguageRules["imports"][string] {
  return (node, context) => {
    const entries = rule(node, context);
    const entry = entries?.[0];
    const name = entry?.names[0]?.name;
    if (!entry || !name || name === "*") return entries;
    if (node.children.some((child) => child.type === "static")) {
      const owner = entry.module.slice(0, -name.length - 1);
      stateOf(context).staticMembers.set(name, owner.slice(owner.lastIndexOf(".") + 1));
      return entries;
    }
    const segments = entry.module.split(".");
    const outer = segments.findIndex((segment) => TYPE_LIKE_NAME.test(segment));
    if (outer >= 0 && outer < segments.length - 1) stateOf(context).nestedImports.set(name, segments.slice(outer).join("."));
    return entries;
  };
}

/** The Java rules with declared-type facts added (see above). */
export function withJavaTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  Object.assign(definitions, {
    local_variable_declaration: localVariables,
    enhanced_for_statement: enhancedFor,
    for_statement: statementScope,
    try_with_resources_statement: statementScope,
    resource,
    catch_clause: catchClause,
    lambda_expression: lambda,
    instanceof_expression: instanceofPattern,
    type_pattern: patternVariable,
    record_pattern_component: patternVariable,
  });
  return {
    ...rules,
    definitions,
    imports: { ...rules.imports, import_declaration: importFacts(rules.imports["import_declaration"]!) },
    calls: {
      ...rules.calls,
      method_invocation: typedInvocation,
      object_creation_expression: typedCreation,
      explicit_constructor_invocation: (node, context) => constructorInvocation(node, context, (qualified) => stateOf(context).superclasses.get(qualified)),
    },
  };
}
