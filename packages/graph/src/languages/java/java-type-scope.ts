import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { localType } from "../../internal/local-types";
import { typeName } from "./java-declarations";

/**
 * What the Java type rules know at a point of the walk: the scopes of type parameters and
 * locals, the enclosing classes and anonymous bodies, and how a written type or an
 * expression reads as a qualified type there (`withJavaTypes` in java-types.ts uses it).
 */

/** A receiver written like a type: capitalised, with a lower-case letter (`Store`, not `MAX` or `T`). */
export const TYPE_LIKE_NAME = /^[A-Z][\w$]*[a-z][\w$]*$/u;
/** Upper case throughout, two characters or more (`ASCII`, `MAX`): a constant or a type, whichever the scope declares. */
const UPPER_CASE_NAME = /^[A-Z][A-Z0-9_$]+$/u;
export const PRIMITIVES = new Set(["var", "void", "boolean", "byte", "char", "short", "int", "long", "float", "double"]);
export const TYPE_DECLARATIONS = new Set([
  "class_declaration",
  "interface_declaration",
  "enum_declaration",
  "record_declaration",
  "annotation_type_declaration",
]);
/** The receiver is a local bound without a declared type. */
export const LOCAL = Symbol("local");

/** Type parameter -> its first bound as written (`D extends ChronoLocalDate`), or null when unbounded. */
type TypeParameters = Map<string, string | null>;

interface TypeParameterScope {
  end: number;
  names: TypeParameters;
}

interface JavaState {
  /** Type qualified name -> the names of the types declared directly in its body. */
  nested: Map<string, Set<string>>;
  /** Type qualified name -> its type parameters. */
  typeParameters: Map<string, TypeParameters>;
  /** Type qualified name -> the superclass it extends, as written (type arguments dropped). */
  superclasses: Map<string, string>;
  /** Type parameters of the open generic methods and constructors, innermost last. */
  methodTypeParameters: TypeParameterScope[];
  /** `import static a.b.Fields.MAX;`: `MAX` -> `Fields` (the class a receiver `MAX` is a static field of). */
  staticMembers: Map<string, string>;
  /** `import java.util.Map.Entry;`: `Entry` -> `Map.Entry` (a nested type, found through its outer type). */
  nestedImports: Map<string, string>;
  /** Type qualified name -> the fields it declares (records: its components). */
  fields: Map<string, Set<string>>;
  /** The open anonymous class bodies, innermost last, with the type each extends or implements. */
  anonymous: AnonymousBody[];
}

interface AnonymousBody {
  start: number;
  end: number;
  type: string;
}

const states = new WeakMap<RuleContext, JavaState>();

export function stateOf(context: RuleContext): JavaState {
  let state = states.get(context);
  if (!state) {
    state = {
      nested: new Map(),
      typeParameters: new Map(),
      superclasses: new Map(),
      methodTypeParameters: [],
      staticMembers: new Map(),
      nestedImports: new Map(),
      fields: new Map(),
      anonymous: [],
    };
    states.set(context, state);
  }
  return state;
}

/** The qualified name a declaration named `name` gets where the walker is now. */
export function qualifiedHere(context: RuleContext, name: string): string {
  const parent = context.enclosing();
  return parent ? `${parent.qualified_name}.${name}` : name;
}

/** Qualified names from the innermost enclosing symbol outwards (`A.B.m`, `A.B`, `A`). */
function* enclosingScopes(context: RuleContext): Generator<string> {
  let scope = context.enclosing()?.qualified_name ?? null;
  while (scope) {
    yield scope;
    const dot = scope.lastIndexOf(".");
    scope = dot < 0 ? null : scope.slice(0, dot);
  }
}

/**
 * A type parameter in scope here: its bound (what its members are, as javac resolves them),
 * null when unbounded; undefined when `name` is no type parameter.
 */
function typeParameterBound(name: string, context: RuleContext, offset: number): string | null | undefined {
  const state = stateOf(context);
  const methods = state.methodTypeParameters;
  while (methods.length > 0 && methods[methods.length - 1]!.end <= offset) methods.pop();
  for (let i = methods.length - 1; i >= 0; i--) if (methods[i]!.names.has(name)) return methods[i]!.names.get(name)!;
  for (const scope of enclosingScopes(context)) {
    const parameters = state.typeParameters.get(scope);
    if (parameters?.has(name)) return parameters.get(name)!;
  }
  return undefined;
}

/** A type path as the resolver finds it from here: a type nested in an enclosing class is qualified by that class. */
export function qualifyType(path: string, context: RuleContext): string {
  const head = path.split(".", 1)[0]!;
  const state = stateOf(context);
  for (const scope of enclosingScopes(context)) if (state.nested.get(scope)?.has(head)) return `${scope}.${path}`;
  const imported = state.nestedImports.get(head);
  return imported ? `${imported}${path.slice(head.length)}` : path;
}

/** A declared type as a type path: null for primitives, arrays and `var`; a type parameter is its bound. */
export function declaredType(node: SyntaxNode | null | undefined, context: RuleContext): string | null {
  if (!node) return null;
  const path = typeName(node);
  if (!path || PRIMITIVES.has(path)) return null;
  if (!path.includes(".")) {
    const bound = typeParameterBound(path, context, node.startIndex);
    if (bound !== undefined) return bound === null || bound === path ? null : qualifyType(bound, context);
  }
  return qualifyType(path, context);
}

export function typeParameterNames(node: SyntaxNode | null): TypeParameters {
  const names: TypeParameters = new Map();
  for (const parameter of node?.namedChildren ?? []) {
    if (parameter.type !== "type_parameter") continue;
    const children = parameter.namedChildren;
    const name = children.find((child) => child.type === "type_identifier" || child.type === "identifier");
    const bound = children.find((child) => child.type === "type_bound")?.firstNamedChild;
    if (name) names.set(name.text, typeName(bound) ?? null);
  }
  return names;
}

/**
 * What an expression's type is, in the resolver's receiver-type notation: a type path, `this`,
 * `T#field`, `T#method()`; LOCAL for a local bound without a type; null when the source
 * does not say.
 */
export function expressionType(node: SyntaxNode, context: RuleContext, depth = 0): string | null | typeof LOCAL {
  if (depth > 8) return null;
  switch (node.type) {
    case "identifier": {
      const bound = localType(context, node.startIndex, node.text);
      if (bound === null) return LOCAL;
      if (bound !== undefined) return bound;
      if (TYPE_LIKE_NAME.test(node.text)) return qualifyType(node.text, context);
      const imported = stateOf(context).staticMembers.get(node.text);
      if (imported) return `${imported}#${node.text}`;
      const anonymous = anonymousAt(context, node.startIndex);
      if (anonymous) return anonymousField(node.text, anonymous, context);
      // Java reads a simple name as a variable, then as a type: an upper-case name no class
      // around declares as a field is a type (`ASCII.isDigit(c)`), not `this#ASCII`.
      if (UPPER_CASE_NAME.test(node.text) && !declaredFieldHere(node.text, context)) return qualifyType(node.text, context);
      return context.container() ? `this#${node.text}` : null;
    }
    case "this":
      return anonymousAt(context, node.startIndex)?.type ?? "this";
    case "field_access": {
      const object = node.childForFieldName("object");
      const field = node.childForFieldName("field");
      if (!object || !field) return null;
      // `Outer.this`: the named enclosing class.
      if (field.type === "this") {
        const outer = typeName(object);
        return outer ? qualifyType(outer, context) : null;
      }
      if (field.type !== "identifier" || object.type === "super") return null;
      const base = expressionType(object, context, depth + 1);
      if (base === null || base === LOCAL) return null;
      // `Outer.Inner` (both written like types) is a nested type, not a field.
      const typePath = !base.includes("#") && base !== "this" && !base.endsWith("()");
      return typePath && TYPE_LIKE_NAME.test(field.text) ? `${base}.${field.text}` : `${base}#${field.text}`;
    }
    case "method_invocation": {
      const name = node.childForFieldName("name");
      if (!name) return null;
      const object = node.childForFieldName("object");
      if (!object) return context.container() ? `this#${name.text}()` : null;
      if (object.type === "super") return null;
      const base = expressionType(object, context, depth + 1);
      return base === null || base === LOCAL ? null : `${base}#${name.text}()`;
    }
    case "object_creation_expression": {
      const path = typeName(node.childForFieldName("type"));
      return path ? qualifyType(path, context) : null;
    }
    case "parenthesized_expression": {
      const inner = node.firstNamedChild;
      return inner ? expressionType(inner, context, depth + 1) : null;
    }
    case "cast_expression":
      return declaredType(node.childForFieldName("type"), context);
    default:
      return null;
  }
}

/** Whether a class around the walker declares a field `name`. */
function declaredFieldHere(name: string, context: RuleContext): boolean {
  const fields = stateOf(context).fields;
  for (const scope of enclosingScopes(context)) if (fields.get(scope)?.has(name)) return true;
  return false;
}

/** The innermost anonymous class body around `offset`, if any. */
export function anonymousAt(context: RuleContext, offset: number): AnonymousBody | undefined {
  const open = stateOf(context).anonymous;
  while (open.length > 0 && open[open.length - 1]!.end <= offset) open.pop();
  // The arguments of `new Base(args) { … }` are read before its body opens.
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.start <= offset) return open[i];
  return undefined;
}

/**
 * A field read inside an anonymous class: one an enclosing class declares is that class's
 * (`this` there is the anonymous object, which has no symbol), any other one the anonymous
 * class inherits from the type it extends (`downstream` in `new Sink.ChainedReference<>(…) { … }`).
 */
function anonymousField(name: string, anonymous: AnonymousBody, context: RuleContext): string {
  const fields = stateOf(context).fields;
  for (const scope of enclosingScopes(context)) if (fields.get(scope)?.has(name)) return `${scope}#${name}`;
  return `${anonymous.type}#${name}`;
}

/** A variable's type: the declared one, or for `var` its value's. */
export function variableType(type: SyntaxNode | null, value: SyntaxNode | null, context: RuleContext): string | null {
  if (type && type.text !== "var") return declaredType(type, context);
  if (!value) return null;
  const found = expressionType(value, context);
  return found === LOCAL ? null : found;
}
