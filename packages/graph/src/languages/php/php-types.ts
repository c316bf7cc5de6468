import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { type Child, childrenOf, foreachVariables, parametersOf } from "./php-children";
import { classOfName, classOfTypeText, NAME_NODES, variableName } from "./php-names";

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
 * - Where the code declares no type, the PHPDoc block right above does (`@var Repo`,
 *   `@param Mailer $m`, `@return static`): legacy code keeps its types there.
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

/** A declared type's text (`?Repo`, `self`) as the class it names at `offset`, or null. */
export function typeOfDeclaredText(context: RuleContext, text: string, offset: number): string | null {
  return classOfTypeText(text, selfName(context, offset), baseName(context, offset));
}

/** What a PHPDoc block says of types: `@var T`, `@param T $x`, `@return T`. */
export interface DocTypes {
  vars: string | null;
  params: Map<string, string>;
  returns: string | null;
}

const DOC_TAG = /@(var|param|return)\s+([^\s*]+)(?:\s+(?:\.\.\.)?\$(\w+))?/gu;

/**
 * The PHPDoc block right before a declaration starting at `start` (only whitespace between),
 * read for the types untyped legacy code declares there; null when there is none.
 */
export function docTypesBefore(source: string, start: number): DocTypes | null {
  let end = start;
  while (end > 0 && /\s/u.test(source[end - 1]!)) end--;
  if (end < 2 || source[end - 1] !== "/" || source[end - 2] !== "*") return null;
  const open = source.lastIndexOf("/**", end - 2);
  if (open < 0 || end - open > 8000) return null;
  const types: DocTypes = { vars: null, params: new Map(), returns: null };
  for (const match of source.slice(open, end).matchAll(DOC_TAG)) {
    const [, tag, type] = match;
    if (tag === "var") types.vars ??= type!;
    else if (tag === "return") types.returns ??= type!;
    else if (match[3]) types.params.set(match[3], type!);
  }
  return types;
}

/** A PHPDoc type as a class: generics dropped (`Collection<int, User>` is a `Collection`), arrays (`User[]`) are none. */
export function docClass(context: RuleContext, text: string | null | undefined, offset: number): string | null {
  if (!text || text.includes("[]") || text.includes("{")) return null;
  return typeOfDeclaredText(context, text.replace(/<.*$/su, ""), offset);
}

/**
 * Opens the scope of a function, method, closure or arrow function and binds its
 * parameters; a closure's `use ($a, &$b)` copies the outer bindings. Returns the
 * declared return type (a class, or `this` for `self`/`static`), when there is one.
 * Read through the cursor (php-children.ts): callables are the most frequent declarations.
 */
export function enterCallable(context: RuleContext, node: SyntaxNode, children: readonly Child[] = childrenOf(node)): string | null {
  const start = node.startIndex;
  const { source } = context;
  let returns: string | null = null;
  let useClause = false;
  for (const child of children) {
    if (child.field === "return_type") returns = source.slice(child.start, child.end);
    else if (child.type === "anonymous_function_use_clause") useClause = true;
  }
  const used = new Map<string, string | null>();
  if (useClause) {
    const clause = node.namedChildren.find((child) => child.type === "anonymous_function_use_clause");
    for (const variable of clause?.namedChildren ?? []) {
      const target = variable.type === "by_ref" ? variable.firstNamedChild : variable;
      const name = variableName(target);
      if (name) used.set(name, variableType(context, start, name) ?? null);
    }
  }
  const parameters = parametersOf(node, source);
  // Legacy code declares types in PHPDoc only: read it when a parameter or the result has none.
  const docs = parameters.some((parameter) => parameter.declared === null) || returns === null ? docTypesBefore(source, start) : null;
  stateAt(context, start).scopes.push({ end: node.endIndex, transparent: node.type === "arrow_function", names: new Map() });
  for (const [name, type] of used) bind(context, start, start, name, type);
  for (const parameter of parameters) {
    if (!parameter.name) continue;
    const type = parameter.declared ? typeOfDeclaredText(context, parameter.declared, start) : docClass(context, docs?.params.get(parameter.name), start);
    bind(context, start, start, parameter.name, type);
  }
  const result = returns ?? docs?.returns ?? null;
  if (result === null) return null;
  const lower = result.replace(/^\?/u, "").trim().toLowerCase();
  if (lower === "self" || lower === "static" || lower === "$this") return "this";
  return returns !== null ? typeOfDeclaredText(context, returns, start) : docClass(context, result, start);
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

/** Right-hand sides `valueType` can say something about; any other value binds no type. */
const TYPED_VALUES: ReadonlySet<string> = new Set([
  "object_creation_expression",
  "function_call_expression",
  "member_call_expression",
  "nullsafe_member_call_expression",
  "scoped_call_expression",
  "member_access_expression",
  "nullsafe_member_access_expression",
  "variable_name",
  "parenthesized_expression",
  "clone_expression",
]);
const THIS_MEMBER = /^\$this\s*->\s*(\w+)$/u;

/**
 * `$x = …`: binds `$x` from the end of the assignment; `$this->x = new Foo()` records the
 * member type of the class around it (a declared property type, recorded first, wins).
 */
export function assignment(context: RuleContext, node: SyntaxNode): void {
  let left: Child | undefined;
  let right: Child | undefined;
  for (const child of childrenOf(node)) {
    if (child.field === "left") left = child;
    else if (child.field === "right") right = child;
  }
  if (!left) return;
  const value = () => (right && TYPED_VALUES.has(right.type) ? valueType(context, node.childForFieldName("right")) : null);
  const text = context.source.slice(left.start, left.end);
  if (left.type === "variable_name") {
    if (text !== "$this") bind(context, node.startIndex, node.endIndex, text.slice(1), value());
    return;
  }
  if (left.type !== "member_access_expression") return;
  const member = THIS_MEMBER.exec(text);
  if (!member || !classAt(context, node.startIndex)) return;
  const type = value();
  // A class or a call's result says what the member holds; a `this#…` path would be read from the wrong owner.
  // The owner is the innermost class symbol (an anonymous class is one too).
  if (type && !type.startsWith("this")) context.memberType?.(member[1]!, type);
}

/** `foreach ($xs as $k => $v)` and `catch (E $e)` bind their variables (`$e` to the caught class when there is one). */
export function loopOrCatchBindings(context: RuleContext, node: SyntaxNode): void {
  const { source } = context;
  if (node.type === "catch_clause") {
    let name: string | null = null;
    let caught: string | null = null;
    for (const child of childrenOf(node)) {
      if (child.field === "name" && child.type === "variable_name") name = source.slice(child.start + 1, child.end);
      else if (child.field === "type") caught = source.slice(child.start, child.end);
    }
    if (name) bind(context, node.startIndex, node.startIndex, name, caught === null || caught.includes("|") ? null : classOfName(caught, null, null));
    return;
  }
  // Bound once the iterable is read: `foreach ($r->all() as $r)` calls `all` on the old `$r`.
  const { names, from } = foreachVariables(node, source);
  for (const name of names) bind(context, node.startIndex, from, name, null);
}

/** `$this->a->b`, `$x->a`: a variable and property names, read from the text. */
const PROPERTY_PATH = /^\$(\w+)((?:\s*->\s*\w+)+)$/u;

/** A receiver as the call rules read it: its type and span (its node only when the text says too little). */
export interface ReceiverSpan {
  type: string;
  start: number;
  end: number;
}

/**
 * The receiver type of a call (see above), from the receiver's text when it is a variable,
 * a class name or a property path; other receivers (calls, `new`) are read from their node.
 */
export function annotateReceiver(context: RuleContext, draft: CallDraft, receiver: ReceiverSpan, node: () => SyntaxNode | null): void {
  const offset = receiver.start;
  const text = context.source.slice(receiver.start, receiver.end);
  let type: string | null | undefined;
  switch (receiver.type) {
    case "variable_name":
      type = text === "$this" ? null : variableType(context, offset, text.slice(1));
      break;
    case "relative_scope":
      type = text.toLowerCase() === "parent" ? baseName(context, offset) : null;
      break;
    case "name":
    case "qualified_name":
    case "relative_name":
      type = classOfName(text, selfName(context, offset), baseName(context, offset));
      break;
    case "member_access_expression": {
      const path = PROPERTY_PATH.exec(text);
      if (path) {
        const head = path[1] === "this" ? "this" : variableType(context, offset, path[1]!);
        type = head ? `${head}${path[2]!.replace(/\s+/gu, "").replace(/->/gu, "#")}` : null;
        break;
      }
      type = valueType(context, node());
      break;
    }
    default:
      type = valueType(context, node());
      if (type === "this") type = null;
  }
  if (type) draft.receiver_type = type;
}

/** A short class name for a `new` expression's class as written (`self`/`static` the class around it), or null. */
export function constructedClass(context: RuleContext, text: string, offset: number): string | null {
  return classOfName(text, selfName(context, offset), baseName(context, offset));
}
