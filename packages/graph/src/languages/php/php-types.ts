import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { classOfName, classOfType, NAME_NODES, variableName } from "./php-names";

/**
 * What the source declares about types, for the call resolver. Nothing is inferred:
 *
 * - Each function, method and closure opens a scope (PHP functions see no outer variable;
 *   a closure sees its `use (…)` list, an arrow function everything around it). Typed
 *   parameters are bound to their class; `$x = new Foo()` to `Foo`, `$x = make()` to
 *   `make()` (what calling it yields), `$x = $y->make()` to `T#make()` when `$y` is a `T`,
 *   `$x = Foo::make()` to `Foo.make()`; any other assignment binds `$x` without a type, so
 *   it shadows. A binding counts from the end of its assignment (`$n = $n->next()` calls
 *   `next` on the old `$n`). Code outside any function has a scope of its own.
 * - Calls get `receiver_type`: a bound variable's type, `this#repo` for `$this->repo`,
 *   the class for `Foo::f()` and `(new Foo)->f()`, the base class for `parent::f()`.
 * - Classes remember their base, so `parent`, `self` and `static` name classes.
 */

interface Binding {
  /** Offset from which the binding holds (the end of its assignment). */
  from: number;
  type: string | null;
}

interface Scope {
  end: number;
  /** An arrow function sees the variables of the scope around it. */
  transparent: boolean;
  names: Map<string, Binding[]>;
}

interface ClassFrame {
  end: number;
  /** Null for an anonymous class. */
  name: string | null;
  /** The class it extends (its last name segment), for `parent`. */
  base: string | null;
}

interface TypeState {
  scopes: Scope[];
  classes: ClassFrame[];
}

const states = new WeakMap<RuleContext, TypeState>();

function stateOf(context: RuleContext): TypeState {
  let state = states.get(context);
  if (!state) {
    state = { scopes: [{ end: Number.POSITIVE_INFINITY, transparent: false, names: new Map() }], classes: [] };
    states.set(context, state);
  }
  return state;
}

/** The state at `offset`, with the scopes and classes the walk has left closed. */
function stateAt(context: RuleContext, offset: number): TypeState {
  const state = stateOf(context);
  while (state.scopes.length > 1 && state.scopes[state.scopes.length - 1]!.end <= offset) state.scopes.pop();
  while (state.classes.length > 0 && state.classes[state.classes.length - 1]!.end <= offset) state.classes.pop();
  return state;
}

/** The class whose body holds `offset`: its name (null for an anonymous class) and its base. */
export function classAt(context: RuleContext, offset: number): ClassFrame | null {
  const classes = stateAt(context, offset).classes;
  return classes[classes.length - 1] ?? null;
}

export function enterClass(context: RuleContext, node: SyntaxNode, name: string | null, base: string | null): void {
  stateAt(context, node.startIndex).classes.push({ end: node.endIndex, name, base });
}

/** `self`/`static`/`parent` and declared types, as the class names the resolver looks up. */
function selfName(context: RuleContext, offset: number): string | null {
  return classAt(context, offset)?.name ?? null;
}

function baseName(context: RuleContext, offset: number): string | null {
  return classAt(context, offset)?.base ?? null;
}

export function typeOfDeclared(context: RuleContext, node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  return classOfType(node, selfName(context, node.startIndex), baseName(context, node.startIndex));
}

function bind(context: RuleContext, at: number, from: number, name: string, type: string | null): void {
  const scopes = stateAt(context, at).scopes;
  const names = scopes[scopes.length - 1]!.names;
  const list = names.get(name);
  if (list) list.push({ from, type });
  else names.set(name, [{ from, type }]);
}

/** The type `$name` holds at `offset`: a type (marker), null (bound, type unknown) or undefined (not bound). */
export function variableType(context: RuleContext, offset: number, name: string): string | null | undefined {
  const scopes = stateAt(context, offset).scopes;
  for (let i = scopes.length - 1; i >= 0; i--) {
    const list = scopes[i]!.names.get(name);
    if (list) {
      for (let j = list.length - 1; j >= 0; j--) if (list[j]!.from <= offset) return list[j]!.type;
    }
    if (!scopes[i]!.transparent) return undefined;
  }
  return undefined;
}

/**
 * Opens the scope of a function, method, closure or arrow function and binds its
 * parameters; a closure's `use ($a, &$b)` copies the outer bindings. Returns the
 * declared return type (a class, or `this` for `self`/`static`), when there is one.
 */
export function enterCallable(context: RuleContext, node: SyntaxNode): string | null {
  const start = node.startIndex;
  const outer = node.type === "anonymous_function" ? stateAt(context, start).scopes : null;
  const used = new Map<string, string | null>();
  if (outer) {
    const clause = node.namedChildren.find((child) => child.type === "anonymous_function_use_clause");
    for (const variable of clause?.namedChildren ?? []) {
      const target = variable.type === "by_ref" ? variable.firstNamedChild : variable;
      const name = variableName(target);
      if (name) used.set(name, variableType(context, start, name) ?? null);
    }
  }
  stateAt(context, start).scopes.push({ end: node.endIndex, transparent: node.type === "arrow_function", names: new Map() });
  for (const [name, type] of used) bind(context, start, start, name, type);
  const parameters = node.childForFieldName("parameters");
  for (const parameter of parameters?.namedChildren ?? []) {
    const name = variableName(parameter.childForFieldName("name"));
    if (name) bind(context, start, start, name, typeOfDeclared(context, parameter.childForFieldName("type")));
  }
  const returns = node.childForFieldName("return_type");
  if (!returns) return null;
  const lower = returns.text.replace(/^\?/u, "").toLowerCase();
  return lower === "self" || lower === "static" ? "this" : typeOfDeclared(context, returns);
}

/**
 * What an expression's value is, as far as the source declares it (see above); null when
 * it cannot be told.
 */
export function valueType(context: RuleContext, node: SyntaxNode | null | undefined, depth = 0): string | null {
  if (!node || depth > 8) return null;
  switch (node.type) {
    case "parenthesized_expression":
    case "clone_expression":
      return valueType(context, node.firstNamedChild, depth + 1);
    case "variable_name": {
      const name = variableName(node);
      if (name === "this") return "this";
      return name ? (variableType(context, node.startIndex, name) ?? null) : null;
    }
    case "object_creation_expression": {
      const named = node.firstNamedChild;
      return named && NAME_NODES.has(named.type) ? classOfName(named.text, selfName(context, node.startIndex), baseName(context, node.startIndex)) : null;
    }
    case "function_call_expression": {
      const callee = node.childForFieldName("function");
      return callee?.type === "name" ? `${callee.text}()` : null;
    }
    case "member_call_expression":
    case "nullsafe_member_call_expression": {
      const name = node.childForFieldName("name");
      const owner = valueType(context, node.childForFieldName("object"), depth + 1);
      return owner && name?.type === "name" ? `${owner}#${name.text}()` : null;
    }
    case "member_access_expression":
    case "nullsafe_member_access_expression": {
      const name = node.childForFieldName("name");
      const owner = valueType(context, node.childForFieldName("object"), depth + 1);
      return owner && name?.type === "name" ? `${owner}#${name.text}` : null;
    }
    case "scoped_call_expression": {
      const name = node.childForFieldName("name");
      const scope = node.childForFieldName("scope");
      if (name?.type !== "name" || !scope) return null;
      if (scope.type === "relative_scope") {
        const word = scope.text.toLowerCase();
        if (word === "parent") {
          const base = baseName(context, node.startIndex);
          return base ? `${base}.${name.text}()` : null;
        }
        return `this#${name.text}()`;
      }
      if (!NAME_NODES.has(scope.type)) return null;
      const owner = classOfName(scope.text, selfName(context, node.startIndex), baseName(context, node.startIndex));
      return owner ? `${owner}.${name.text}()` : null;
    }
    default:
      return null;
  }
}

/**
 * `$x = …`: binds `$x` from the end of the assignment; `$this->x = new Foo()` records the
 * member type of the class around it (a declared property type, read first, wins).
 */
export function assignment(context: RuleContext, node: SyntaxNode): void {
  const left = node.childForFieldName("left");
  if (!left) return;
  if (left.type === "variable_name") {
    const name = variableName(left);
    if (name && name !== "this") bind(context, node.startIndex, node.endIndex, name, valueType(context, node.childForFieldName("right")));
    return;
  }
  if (left.type !== "member_access_expression") return;
  const object = left.childForFieldName("object");
  const member = left.childForFieldName("name");
  if (object?.type !== "variable_name" || object.text !== "$this" || member?.type !== "name") return;
  if (!classAt(context, node.startIndex)) return;
  const type = valueType(context, node.childForFieldName("right"));
  // A class or a call's result says what the member holds; a `this#…` path would be read from the wrong owner.
  // The owner is the innermost class symbol (an anonymous class is one too).
  if (type && !type.startsWith("this")) context.memberType?.(member.text, type);
}

/** `foreach ($xs as $k => $v)` and `catch (E $e)` bind their variables (`$e` to the caught class when there is one). */
export function loopOrCatchBindings(context: RuleContext, node: SyntaxNode): void {
  if (node.type === "catch_clause") {
    const name = variableName(node.childForFieldName("name"));
    const types = node.childForFieldName("type");
    const caught = types?.namedChildren.filter((child) => NAME_NODES.has(child.type) || child.type === "named_type") ?? [];
    if (name) bind(context, node.startIndex, node.startIndex, name, caught.length === 1 ? classOfName(caught[0]!.text, null, null) : null);
    return;
  }
  // `foreach (iterable as value)`: the value is a variable, `$k => $v`, `&$v` or `[$a, $b]`.
  const value = node.namedChildren[1];
  const variables = value?.type === "pair" || value?.type === "list_literal" ? value.namedChildren : value ? [value] : [];
  // Bound once the iterable is read: `foreach ($r->all() as $r)` calls `all` on the old `$r`.
  const from = value?.startIndex ?? node.startIndex;
  for (const variable of variables) {
    const name = variableName(variable.type === "by_ref" ? variable.firstNamedChild : variable);
    if (name) bind(context, node.startIndex, from, name, null);
  }
}

/** The receiver type of a call, from the receiver node (see above). */
export function annotateReceiver(context: RuleContext, draft: CallDraft, receiver: SyntaxNode): void {
  const offset = receiver.startIndex;
  switch (receiver.type) {
    case "variable_name": {
      const name = variableName(receiver);
      if (!name || name === "this") return;
      const type = variableType(context, offset, name);
      if (type) draft.receiver_type = type;
      return;
    }
    case "relative_scope": {
      if (receiver.text.toLowerCase() !== "parent") return;
      const base = baseName(context, offset);
      if (base) draft.receiver_type = base;
      return;
    }
    case "name":
    case "qualified_name":
    case "relative_name": {
      const type = classOfName(receiver.text, selfName(context, offset), baseName(context, offset));
      if (type) draft.receiver_type = type;
      return;
    }
    default: {
      const type = valueType(context, receiver);
      if (type && type !== "this") draft.receiver_type = type;
    }
  }
}

/** A short class name for a `new` expression's class (`self`/`static` the class around it), or null. */
export function constructedClass(context: RuleContext, named: SyntaxNode): string | null {
  if (!NAME_NODES.has(named.type)) return null;
  return classOfName(named.text, selfName(context, named.startIndex), baseName(context, named.startIndex));
}

