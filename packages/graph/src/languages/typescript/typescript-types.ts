import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import {
  argumentParameters,
  basesOf,
  bound,
  boundByArgument,
  callResult,
  classFactory,
  curriedResult,
  elementOf,
  IDENTIFIER_PATH,
  objectShape,
  returnsThis,
  taggedTemplateResult,
  thisLookup,
  typeArgumentsOf,
  typeParameters,
  withoutArguments,
  typePath,
} from "./typescript-type-paths";
import { annotatedSignatures, argumentStep, argumentTypes, callbackArguments, contextualParameters, recordCallbackParameters } from "./typescript-callbacks";
import { bindPattern } from "./typescript-patterns";
import { onExportClause, onInterfaceBody } from "./typescript-type-members";
import { enclosingOf, lookup, scopeAt, shapeOf, stateOf, type Scope, type TypeState } from "./typescript-type-scopes";

/**
 * Declared types for the call resolver, layered over the TypeScript/JavaScript rules
 * (`withTypeFacts`). Nothing here infers types: it reads what the source declares.
 *
 * - Scopes: every function-like node opens one; parameters, local variables (not those
 *   holding a function or class: those are symbols), `for … of` and `catch` bindings are
 *   recorded in it, with their declared type when there is one (`x: Store`,
 *   `= new Store()`, `= Store.open()`, `= xs[i]` / `for (x of xs)` with `xs: A[]`,
 *   `= c ? new A() : undefined`). Type parameters stand for their constraint
 *   (`self: S` with `<S extends Top>` is a `Top`); a parameter typed by an inline object
 *   type keeps its members' types (`options.pull` with `options: { pull: Pull }`).
 * - Call sites: a bare call of a name bound in an enclosing scope is `local` (a parameter,
 *   not the file's function of that name); a receiver gets `receiver_type` when its type
 *   is declared: `x.m()` with `x: T` → `T`, `this.f.m()` → `this#f`, `a.b.m()` → `T#b`,
 *   `f(…).m()` → `f()`, `f(a)(b).m()` → `f()()`, `(x as T).m()` → `T`, `x.list[i].m()` →
 *   `T#list[]`, explicit `this: T` parameters.
 * - Symbols: functions and methods (function-typed interface properties too) get
 *   `return_type` from their return annotation (`this` kept; `(a) => R` recorded `>R`);
 *   bindings get `value_type` (annotation, `new X()`, `X.make()` → `X.make()`) or, when
 *   they hold a function (`const map: <A>(…) => Effect<A>` or an overload list whose
 *   non-function results agree), `return_type`; callable interfaces and type aliases get
 *   the `return_type` of their call signatures.
 * - Members: typed class fields, constructor parameter properties and interface
 *   properties are reported through `context.memberType`, and so are module exports
 *   under another name (`export { ArraySchema as Array }`, owner `""`).
 * - Bases: `extends`/`implements` targets; a union alias (`type O = A | B`) records the
 *   one base `A|B`.
 *
 * Types are recorded as identifier paths (internal/typescript-type-paths) with generic
 * arguments, `readonly`, `null` and `undefined` dropped (`Effect.Effect`); arrays and
 * other element containers as `A[]`, `Omit<T, K>`-like utility types as `T`; anything else
 * (unions, literals, mapped types) is not recorded. `=a.b` is the type of the value `a.b`
 * (a binding or a class named by an identifier path), `f()` the result of calling `f`.
 */

const FUNCTION_NODES = [
  "arrow_function",
  "function_expression",
  "function_declaration",
  "generator_function",
  "generator_function_declaration",
  "method_definition",
];
const PARAMETER_NODES = new Set(["required_parameter", "optional_parameter"]);
const LOCAL_SYMBOL_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "class"]);
const UNWRAP = new Set(["parenthesized_expression", "non_null_expression", "satisfies_expression"]);
const SIGNATURE_NODES = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_signature",
  "method_definition",
  "method_signature",
  "abstract_method_signature",
  "arrow_function",
  "function_expression",
  "generator_function",
]);

/** `f(…)` → `f()`, `a.b(…)` → `a.b()`, `new X(…)` → `X`, `x as T` → `T`; with a typed root, `T#b()`; else null. */
function expressionType(node: SyntaxNode | null, state: TypeState, context: RuleContext, depth = 0): string | null {
  if (!node || depth > 6) return null;
  switch (node.type) {
    case "identifier":
      return lookup(state, node.startIndex, node.text) ?? null;
    case "this":
      return lookup(state, node.startIndex, "this") ?? "this";
    case "as_expression": {
      const type = node.namedChildren[1] ?? null;
      return typePath(type, true);
    }
    case "yield_expression":
    case "await_expression":
      return awaitedOrYielded(node, state, context, depth);
    case "new_expression": {
      const constructor = node.childForFieldName("constructor");
      return constructor && IDENTIFIER_PATH.test(constructor.text) ? `${constructor.text}${typeArgumentsOf(node)}` : null;
    }
    case "member_expression": {
      const object = node.childForFieldName("object");
      const property = node.childForFieldName("property");
      if (!object || !property) return null;
      if (object.type === "identifier") {
        const member = shapeOf(state, object.startIndex, object.text)?.get(property.text);
        if (member) return member;
      }
      const owner = expressionType(object, state, context, depth + 1);
      if (owner === "this") {
        const field = state.fields.get(context.container()?.qualified_name ?? "")?.get(property.text);
        if (field) return field;
      }
      // `#x` is only reachable from its own class: read through `this` above, never a member type.
      if (property.type === "private_property_identifier") return null;
      if (owner) return `${owner}#${property.text}`;
      const path = valuePath(node);
      return path ? `=${path}` : null;
    }
    case "call_expression": {
      // A receiver chain (`a.b(x).c(y).d()`) is read again from each call in it: once per call node.
      const key = node.startIndex * 2097152 + (node.endIndex - node.startIndex);
      const cached = state.callTypes.get(key);
      if (cached && (cached.type !== null || cached.depth <= depth)) return cached.type;
      const type = callType(node, state, context, depth);
      state.callTypes.set(key, { type, depth });
      return type;
    }
    case "subscript_expression":
      return elementOf(expressionType(node.childForFieldName("object"), state, context, depth + 1));
    case "ternary_expression":
      return agreed(node.childForFieldName("consequence"), node.childForFieldName("alternative"), state, context, depth);
    case "binary_expression": {
      const operator = node.childForFieldName("operator")?.type;
      return operator === "??" || operator === "||" ? agreed(node.childForFieldName("left"), node.childForFieldName("right"), state, context, depth) : null;
    }
    default:
      return UNWRAP.has(node.type) ? expressionType(node.firstNamedChild, state, context, depth + 1) : null;
  }
}

/** What a call evaluates to (see `expressionType`). */
function callType(node: SyntaxNode, state: TypeState, context: RuleContext, depth: number): string | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  // `f(a)(b)`: what calling the result of `f(a)` yields.
  if (callee.type === "call_expression") {
    const inner = withoutArguments(expressionType(callee, state, context, depth + 1) ?? "");
    return inner.endsWith("()") && !inner.endsWith("()()") ? `${inner}()` : null;
  }
  const path = valuePath(callee);
  const root = path?.split(".")[0];
  if (path && root !== "this" && lookup(state, callee.startIndex, root!) === undefined) return `${path}()${typeArgumentsOf(node) || argumentStep(node, state)}`;
  // `const run = f(…); run(…)`: calling what `f(…)` returned; a local of a callable type
  // (`sql` in `` sql`…` ``, a tagged template): what its call signatures return (`T#()`).
  if (callee.type === "identifier") {
    const local = withoutArguments(lookup(state, callee.startIndex, callee.text) ?? "");
    if (!local || local.startsWith("=") || local.startsWith(">") || local === "this") return null;
    // A tagged template picks the call signature that takes a `TemplateStringsArray` (`T#\``).
    if (node.childForFieldName("arguments")?.type === "template_string") return `${local}#\``;
    if (local.endsWith("()()")) return null;
    return local.endsWith("()") ? `${local}()` : `${local}#()`;
  }
  const inner = callee.type === "member_expression" ? expressionType(callee, state, context, depth + 1) : null;
  return inner && inner.includes("#") ? `${inner}()${argumentStep(node, state)}` : null;
}

/** `yield* x` → `*(T)`, `await x` → `~(T)` (T: x's type, `=x` for an unbound name); a plain `yield` is what the caller sends: unknown. */
function awaitedOrYielded(node: SyntaxNode, state: TypeState, context: RuleContext, depth: number): string | null {
  const operand = node.firstNamedChild;
  if (!operand || (node.type === "yield_expression" && node.child(1)?.type !== "*")) return null;
  const local = operand.type === "identifier" ? lookup(state, operand.startIndex, operand.text) : null;
  const type = local === undefined ? `=${operand.text}` : expressionType(operand, state, context, depth + 1);
  return type ? `${node.type === "yield_expression" ? "*" : "~"}(${type})` : null;
}

/** `c ? a : b`, `a ?? b`: the type both sides have (a `null`/`undefined` side does not count), else null. */
function agreed(left: SyntaxNode | null, right: SyntaxNode | null, state: TypeState, context: RuleContext, depth: number): string | null {
  const nullish = (side: SyntaxNode | null) => side !== null && (side.type === "null" || side.type === "undefined");
  if (!left || !right || (nullish(left) && nullish(right))) return null;
  if (nullish(left)) return expressionType(right, state, context, depth + 1);
  const type = expressionType(left, state, context, depth + 1);
  if (nullish(right)) return type;
  const other = expressionType(right, state, context, depth + 1);
  if (type === null || other === null) return null;
  // Calls of one function with different arguments (`c ? concat(a, b, s) : concat(a, b)`) agree without them.
  return type === other ? type : withoutArguments(type) === withoutArguments(other) ? withoutArguments(type) : null;
}

/** `a.b.c` as written, when it is a plain identifier path. */
function valuePath(node: SyntaxNode): string | null {
  const text = node.text;
  return IDENTIFIER_PATH.test(text) ? text : null;
}

function onFunctionLike(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  scopeAt(state, node.startIndex);
  const own = typeParameters(node);
  const scope: Scope = { end: node.endIndex, names: new Map(), ...(own.size > 0 ? { typeParameters: own } : {}) };
  const name = node.childForFieldName("name");
  // Function names are not recorded: named functions are symbols, found by the resolver's scope walk.
  const single = node.childForFieldName("parameter");
  if (single) scope.names.set(single.text, null);
  const callee = context.parentType() === "arguments" ? callbackOf(node, state, context) : undefined;
  const parameters = node.childForFieldName("parameters");
  const isConstructor = node.type === "method_definition" && name?.text === "constructor";
  for (const parameter of parameters?.namedChildren ?? []) {
    if (PARAMETER_NODES.has(parameter.type)) {
      const pattern = parameter.childForFieldName("pattern");
      const annotation = parameter.childForFieldName("type");
      const type =
        (annotation ? bound(typePath(annotation, true), own, enclosingOf(state)) : null) ??
        expressionType(parameter.childForFieldName("value"), state, context);
      bindPattern(pattern, scope.names, type);
      const shape = pattern?.type === "identifier" && !type ? objectShape(annotation, own, enclosingOf(state)) : null;
      if (shape) (scope.shapes ??= new Map()).set(pattern!.text, shape);
      if (
        isConstructor &&
        type &&
        pattern?.type === "identifier" &&
        parameter.children.some((child) => child.type === "accessibility_modifier" || child.type === "readonly")
      ) {
        recordField(context, state, pattern.text, type);
      }
    } else bindPattern(parameter.type === "assignment_pattern" ? parameter.childForFieldName("left") : parameter, scope.names, null);
  }
  // A callback's untyped parameters: what the callee declares for them.
  if (callee !== undefined) for (const [name, type] of contextualParameters(node, callee)) if (scope.names.get(name) === null) scope.names.set(name, type);
  state.scopes.push(scope);
  return null;
}

function recordField(context: RuleContext, state: TypeState, name: string, type: string): void {
  const owner = context.container()?.qualified_name;
  if (!owner) return;
  let fields = state.fields.get(owner);
  if (!fields) state.fields.set(owner, (fields = new Map()));
  fields.set(name, type);
  if (!name.startsWith("#")) context.memberType?.(name, type);
}

function onDeclarator(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  const scope = scopeAt(state, node.startIndex);
  if (!scope) return null; // module level: the file's own symbols
  const value = node.childForFieldName("value");
  // A local holding a function or class is a symbol of its own (see above).
  if (value && LOCAL_SYMBOL_VALUES.has(value.type)) return null;
  const annotation = node.childForFieldName("type");
  const type = (annotation ? bound(typePath(annotation, true), null, enclosingOf(state)) : null) ?? expressionType(value, state, context);
  bindPattern(node.childForFieldName("name"), scope.names, type);
  return null;
}

function onLoopOrCatch(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  const scope = scopeAt(state, node.startIndex);
  if (!scope) return null;
  const binding = node.type === "catch_clause" ? node.childForFieldName("parameter") : node.childForFieldName("left");
  // `for (const x of xs)` with `xs: A[]` binds an `A`; `for … in` binds keys.
  const iterated =
    node.type === "for_in_statement" && node.children.some((child) => child.type === "of")
      ? elementOf(expressionType(node.childForFieldName("right"), state, context))
      : null;
  if (binding)
    bindPattern(
      binding.type === "lexical_declaration" || binding.type === "variable_declaration"
        ? (binding.namedChildren[0]?.childForFieldName("name") ?? null)
        : binding,
      scope.names,
      iterated,
    );
  return null;
}

function onField(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  const name = node.childForFieldName("name") ?? node.childForFieldName("property");
  if (!name || name.type === "computed_property_name") return null;
  const annotation = node.childForFieldName("type");
  const type = typePath(annotation, true) ?? withoutArguments(expressionType(node.childForFieldName("value"), state, context) ?? "");
  if (type && type !== "this") recordField(context, state, name.text, type);
  // A field declared with a function type (`logSubscribedFrame: () => number`, filled in by a
  // mixin): recorded `>?` so that it, not a base's method of that name, is what a call names.
  else if (!type && annotation?.firstNamedChild?.type === "function_type") recordField(context, state, name.text, ">?");
  return null;
}

/**
 * What a function passed as an argument is to its call (`callee,i`): the innermost open call
 * holds it. Read lazily, so only calls that pass a function materialize their arguments.
 */
function callbackOf(node: SyntaxNode, state: TypeState, context: RuleContext): string | undefined {
  while (state.calls.length > 0 && state.calls[state.calls.length - 1]!.end <= node.startIndex) state.calls.pop();
  const call = state.calls[state.calls.length - 1];
  if (!call) return undefined;
  call.callbacks ??= new Map(
    callbackArguments(
      call.node,
      (object) => expressionType(object, state, context),
      (name, at) => lookup(state, at, name) !== undefined,
    ),
  );
  const callee = call.callbacks.get(node.startIndex);
  // The other arguments' types: what a generic callee's type parameters are bound from.
  if (callee !== undefined) call.args ??= argumentTypes(call.node, (value) => argumentType(value, state, context));
  return callee === undefined ? undefined : `${callee}${call.args ?? ""}`;
}

/** An argument's type: its expression's, or `=path` for a name the file binds (a module-level value). */
function argumentType(value: SyntaxNode, state: TypeState, context: RuleContext): string | null {
  const type = expressionType(value, state, context);
  if (type) return type === "this" ? null : type;
  const root = value.text.split(".")[0]!;
  return IDENTIFIER_PATH.test(value.text) && root !== "this" && lookup(state, value.startIndex, root) === undefined ? `=${value.text}` : null;
}

/** Adds `receiver_type` / `local` to the drafts of a call rule. */
function annotateCall(rule: LanguageRules["calls"][string]): LanguageRules["calls"][string] {
  return (node, context) => {
    const state = stateOf(context);
    if (node.type === "call_expression" || node.type === "new_expression") {
      while (state.calls.length > 0 && state.calls[state.calls.length - 1]!.end <= node.startIndex) state.calls.pop();
      state.calls.push({ node, end: node.endIndex });
    }
    const drafts = rule(node, context);
    if (!drafts) return drafts;
    const callee = node.type === "new_expression" ? node.childForFieldName("constructor") : node.childForFieldName("function");
    for (const draft of Array.isArray(drafts) ? drafts : [drafts]) annotate(draft, callee, state, context);
    return drafts;
  };
}

function annotate(draft: CallDraft, callee: SyntaxNode | null, state: TypeState, context: RuleContext): void {
  if (!callee) return;
  if (draft.receiver === null) {
    if (callee.type === "identifier" && lookup(state, callee.startIndex, callee.text) !== undefined) draft.local = true;
    return;
  }
  if (callee.type !== "member_expression") return;
  const type = expressionType(callee.childForFieldName("object"), state, context);
  // `=a.b` for a receiver written `a.b` says nothing the receiver text does not.
  if (type && type !== "this" && type !== `=${draft.receiver}`) draft.receiver_type = type;
}

/**
 * The type an unannotated function returns when its body says so directly: an arrow's
 * expression body, or a block whose top-level `return`s all return the same type: a call
 * (`f()`), a `new X()`, a typed parameter, or `x as T`.
 */
function returnedType(node: SyntaxNode, context: RuleContext): string | null {
  const body = node.childForFieldName("body");
  if (!body) return null;
  if (body.type !== "statement_block") return returnable(body, context);
  // Several top-level `return`s: the type they agree on.
  let agreed: string | null = null;
  for (const statement of body.namedChildren) {
    if (statement.type !== "return_statement") continue;
    const type = returnable(statement.firstNamedChild, context);
    if (!type || (agreed !== null && type !== agreed)) return null;
    agreed = type;
  }
  return agreed;
}

function returnable(value: SyntaxNode | null, context: RuleContext): string | null {
  while (value?.type === "parenthesized_expression") value = value.firstNamedChild;
  // An object literal: its members are the function's own (`make.get`); the resolver reads `{}` as the function.
  if (value?.type === "object") return "{}";
  // A function whose result is annotated (`return (input): Effect<A> => …`): calling what it returns yields that.
  if (value?.type === "arrow_function" || value?.type === "function_expression") {
    const annotation = value.childForFieldName("return_type");
    const result = annotation ? bound(typePath(annotation, true), typeParameters(value), enclosingOf(stateOf(context))) : null;
    return result && !result.startsWith(">") ? `>${result}` : null;
  }
  if (!value || (value.type === "identifier" && lookup(stateOf(context), value.startIndex, value.text) === undefined)) return null;
  const type = withoutArguments(expressionType(value, stateOf(context), context) ?? "");
  return type && type !== "this" && !type.startsWith("=") && !type.startsWith("this#") ? type : null;
}

/** Adds `return_type` / `value_type` to the drafts of a definition rule. */
function annotateDefinition(rule: LanguageRules["definitions"][string]): LanguageRules["definitions"][string] {
  return (node, context) => {
    const drafts = rule(node, context);
    if (!drafts) return drafts;
    for (const draft of Array.isArray(drafts) ? drafts : [drafts]) annotateSymbol(draft, node, context);
    return drafts;
  };
}

const TYPE_DECLARATIONS = new Set(["class_declaration", "abstract_class_declaration", "class", "interface_declaration", "type_alias_declaration"]);

function annotateSymbol(draft: SymbolDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.return_type !== undefined || draft.value_type !== undefined || draft.bases !== undefined) return;
  if (TYPE_DECLARATIONS.has(node.type)) {
    const bases = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    // A callable interface (`interface Lambda { <S>(self: S): optional<S> }`): what calling a value of it yields.
    const body = node.childForFieldName(node.type === "interface_declaration" ? "body" : "value");
    const result = callResult(body);
    if (result) draft.return_type = result;
    const tagged = taggedTemplateResult(body);
    if (tagged && tagged !== result) context.memberType?.("`", tagged, ownerName(draft, context));
    const made = classFactory(node);
    if (made) draft.value_type = made;
    return;
  }
  if (SIGNATURE_NODES.has(node.type)) {
    const annotation = node.childForFieldName("return_type");
    // `const f: (a) => R = (a) => …`: the binding's annotation declares what the arrow returns.
    const declared = !annotation && context.parentType() === "variable_declarator" ? callResult(node.parent?.childForFieldName("type") ?? null) : null;
    const state = stateOf(context);
    scopeAt(state, node.startIndex);
    const own = typeParameters(node);
    const returns = annotation
      ? (returnsThis(annotation) ??
        bound(typePath(annotation, true), own, enclosingOf(state)) ??
        curriedResult(annotation, own, enclosingOf(state)) ??
        thisLookup(annotation, node) ??
        boundByArgument(annotation, () => argumentParameters(node.childForFieldName("parameters")), -1, own))
      : (declared ?? returnedType(node, context));
    if (returns) draft.return_type = returns;
    const binding = context.parentType() === "variable_declarator" ? annotatedSignatures(node.parent?.childForFieldName("type") ?? null) : [];
    recordCallbackParameters([node, ...binding], draft, context, new Map(), enclosingOf(state));
    return;
  }
  if (node.type === "property_signature") {
    // A function-typed interface member (the rules made it a method): its call result.
    const result = callResult(node.childForFieldName("type"));
    if (result) draft.return_type = result;
    recordCallbackParameters(annotatedSignatures(node.childForFieldName("type")), draft, context, new Map(), enclosingOf(stateOf(context)));
    return;
  }
  if (node.type !== "variable_declarator") return;
  const annotation = node.childForFieldName("type");
  const value = node.childForFieldName("value");
  const result = callResult(annotation);
  recordCallbackParameters(annotatedSignatures(annotation), draft, context, new Map(), enclosingOf(stateOf(context)));
  if (result) {
    draft.return_type = result;
    return;
  }
  const declared = typePath(annotation, true);
  if (declared) {
    draft.value_type = declared;
    return;
  }
  if (!value) return;
  if (value.type === "member_expression" || value.type === "identifier") {
    // `export const map = internal.map`: calling it is calling that.
    const path = valuePath(value);
    if (path) {
      draft.return_type = `${path}()`;
      draft.value_type = `=${path}`;
    }
    return;
  }
  const type = withoutArguments(expressionType(value, stateOf(context), context) ?? "");
  if (type && type !== "this") draft.value_type = type;
}

/** The qualified name the symbol `draft` opens (the owner of its member types). */
function ownerName(draft: SymbolDraft, context: RuleContext): string {
  const parent = draft.parent !== undefined ? draft.parent : (context.enclosing()?.qualified_name ?? null);
  return parent ? `${parent}.${draft.name}` : draft.name;
}

/** The TypeScript/JavaScript rules with declared-type facts added (see above). */
export function withTypeFacts(rules: LanguageRules): LanguageRules {
  const definitions = Object.fromEntries(Object.entries(rules.definitions).map(([type, rule]) => [type, annotateDefinition(rule)]));
  const calls: Record<string, LanguageRules["calls"][string]> = Object.fromEntries(
    Object.entries(rules.calls).map(([type, rule]) => [type, annotateCall(rule)]),
  );
  for (const type of FUNCTION_NODES) calls[type] = chain(calls[type], onFunctionLike);
  calls.variable_declarator = chain(calls.variable_declarator, onDeclarator);
  calls.for_in_statement = chain(calls.for_in_statement, onLoopOrCatch);
  calls.catch_clause = chain(calls.catch_clause, onLoopOrCatch);
  calls.public_field_definition = chain(calls.public_field_definition, onField);
  calls.field_definition = chain(calls.field_definition, onField);
  calls.interface_body = chain(calls.interface_body, onInterfaceBody);
  calls.export_statement = chain(calls.export_statement, onExportClause);
  return { ...rules, definitions, calls };
}

function chain(first: LanguageRules["calls"][string] | undefined, second: (node: SyntaxNode, context: RuleContext) => null): LanguageRules["calls"][string] {
  if (!first) return second;
  return (node, context) => {
    second(node, context);
    return first(node, context);
  };
}
