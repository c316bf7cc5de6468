import type { SyntaxNode } from "../../parser-registry";

/**
 * Type annotations read as the call resolver's type paths (see languages/typescript-types):
 * `Effect.Effect<A>` → `Effect.Effect`, `Array<A>` / `A[]` → `A[]` (element type `A`), type parameters replaced by their constraints, the
 * results of function types and call signatures, declaration bases and union parts.
 */

export const IDENTIFIER_PATH = /^[\p{L}_$][\w$]*(?:\.[\p{L}_$][\w$]*)*$/u;
/** Built-in types with no indexed members. */
const PRIMITIVES = new Set(["string", "number", "boolean", "bigint", "symbol", "object", "void", "any", "unknown", "never", "undefined", "null", "this"]);

/** Standard generic types whose one type argument is what indexing or `for … of` yields. */
const ELEMENT_CONTAINERS = new Set(["Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable", "IterableIterator"]);

/** Standard utility types whose members are (a subset of) their first type argument's. */
const MEMBER_SUBSETS = new Set(["Omit", "Pick", "Readonly", "Partial", "Required", "NonNullable", "Exclude", "Extract"]);

/** Type parameters in scope: name -> constraint as a type path (null: none, or not a named type). */
export type TypeParameters = ReadonlyMap<string, string | null>;
/** The constraint of a type parameter of an enclosing function; undefined when no enclosing function declares the name. */
export type Enclosing = (name: string) => string | null | undefined;

/** Member types of an inline object type (`{ readonly a: A; b?: B<C> }`), type parameters bounded. */
export function objectShape(annotation: SyntaxNode | null, own: TypeParameters, enclosing: Enclosing): Map<string, string> | null {
  let type = annotation?.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  while (type?.type === "parenthesized_type" || type?.type === "readonly_type") type = type.firstNamedChild;
  if (type?.type !== "object_type") return null;
  const shape = new Map<string, string>();
  for (const member of type.namedChildren) {
    if (member.type !== "property_signature") continue;
    const name = member.childForFieldName("name");
    const path = bound(typePath(member.childForFieldName("type")), own, enclosing);
    if (name?.type === "property_identifier" && path) shape.set(name.text, path);
  }
  return shape.size > 0 ? shape : null;
}

/**
 * A type node as an identifier path (`Effect.Effect<A>` → `Effect.Effect`), or null. A loop rather
 * than recursion (every step but the array element is a tail step, and an element type is taken at
 * most once: `A[][]` has no path), so a pathologically nested type cannot overflow the stack.
 *
 * `withArguments` keeps the generic arguments that are themselves named types, each as its own
 * path or `?` (`Map<string, Store>` → `Map<?,Store>`, `Effect<A, E>` with neither named →
 * `Effect`), two levels deep: what `yield*`, `await` and `Map#get` results are read from.
 */
export function typePath(node: SyntaxNode | null, withArguments = false, depth = 0): string | null {
  let arrayed = false;
  let suffix = "";
  let next = node;
  for (;;) {
    if (!next) return null;
    let type = next.type === "type_annotation" ? next.firstNamedChild : next;
    while (type && (type.type === "readonly_type" || type.type === "parenthesized_type")) type = type.firstNamedChild;
    if (!type) return null;
    // Arrays and other standard element containers: `A[]` is what indexing or iterating yields `A` from.
    if (type.type === "array_type") {
      if (arrayed) return null;
      arrayed = true;
      next = type.firstNamedChild;
      continue;
    }
    if (type.type === "generic_type") {
      const name = type.childForFieldName("name");
      const args = type.childForFieldName("type_arguments")?.namedChildren ?? [];
      if (name && ELEMENT_CONTAINERS.has(name.text)) {
        if (arrayed || args.length !== 1) return null;
        arrayed = true;
        next = args[0]!;
        continue;
      }
      // `Omit<Chunk, "length">`: whatever members it has are `Chunk`'s.
      if (name && MEMBER_SUBSETS.has(name.text)) {
        if (args.length === 0) return null;
        next = args[0]!;
        continue;
      }
      if (withArguments && depth < 2 && args.length > 0) {
        const paths = args.map((arg) => typePath(arg, true, depth + 1) ?? "?");
        if (paths.some((path) => path !== "?")) suffix = `<${paths.join(",")}>`;
      }
      type = name;
    }
    if (!type) return null;
    if (type.type === "union_type") {
      const parts = type.namedChildren.filter((part) => !/^(?:undefined|null)$/u.test(part.text));
      if (parts.length !== 1) return null;
      next = parts[0]!;
      continue;
    }
    const text = type.text;
    if (!IDENTIFIER_PATH.test(text) || PRIMITIVES.has(text)) return null;
    return arrayed ? `${text}${suffix}[]` : `${text}${suffix}`;
  }
}

/** A node's own type parameters: name -> its constraint as a type path, or null (none, or not a named type). */
export function typeParameters(node: SyntaxNode | null): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const parameter of node?.childForFieldName("type_parameters")?.namedChildren ?? []) {
    const name = parameter.type === "type_parameter" ? parameter.childForFieldName("name") : null;
    const constraint = parameter.childForFieldName("constraint")?.firstNamedChild ?? null;
    if (name) found.set(name.text, constraint ? typePath(constraint) : null);
  }
  return found;
}

/**
 * `path` with a type parameter replaced by its constraint (`S` of `<S extends Schema.Top>`
 * is `Schema.Top`: only members of that are callable on it); null for an unconstrained one.
 * `own` are the declaration's parameters; `enclosing` answers for the enclosing functions'.
 */
export function bound(path: string | null, own: TypeParameters | null, enclosing: Enclosing | null): string | null {
  if (path?.includes("<")) {
    // `Effect<A, Store>`: its arguments bounded one by one (an unconstrained one is `?`).
    const { head, args } = splitTypeArguments(path);
    const bounded = args.map((arg) => (arg === "?" ? arg : (bound(arg, own, enclosing) ?? "?")));
    return bounded.some((arg) => arg !== "?") ? `${head}<${bounded.join(",")}>` : head;
  }
  if (!path || path.includes(".")) return path;
  const constraint = own?.has(path) ? own.get(path)! : enclosing?.(path);
  if (constraint === undefined) return path; // not a type parameter
  // A constraint naming another type parameter (`<A, B extends A>`) says nothing indexed.
  return constraint !== null && !own?.has(constraint) ? constraint : null;
}

/**
 * The result type of a function type or an overload list (`{ <A>(f): (self) => R; <A>(self,
 * f): R }`): the non-function results when they agree (a dual API's curried form must then
 * end in the same type, or nothing is recorded). A function that only returns a function
 * (`(a) => (b) => R`) records `>R`: calling it twice yields `R`.
 */
export function callResult(type: SyntaxNode | null): string | null {
  let node = type?.type === "type_annotation" ? type.firstNamedChild : type;
  while (node?.type === "parenthesized_type") node = node.firstNamedChild;
  if (!node) return null;
  const results = new Set<string>();
  const curried = new Set<string>();
  const add = (result: SyntaxNode | null, signature: SyntaxNode): boolean => {
    while (result?.type === "parenthesized_type" || result?.type === "type_annotation") result = result.firstNamedChild;
    if (!result) return true;
    // `readonly withoutTransforms: () => this`: the receiver's own type.
    if (result.type === "this_type") {
      results.add("this");
      return true;
    }
    const own = typeParameters(signature);
    if (result.type === "function_type") {
      const inner = bound(typePath(result.childForFieldName("return_type"), true), new Map([...own, ...typeParameters(result)]), null);
      if (inner) curried.add(inner);
      return inner !== null;
    }
    const path =
      bound(typePath(result, true), own, null) ?? boundByArgument(result, () => argumentParameters(signature.childForFieldName("parameters")), -1, own);
    if (path) results.add(path);
    return path !== null;
  };
  if (node.type === "function_type") {
    if (!add(node.childForFieldName("return_type"), node)) return null;
  } else if (node.type === "object_type" || node.type === "interface_body") {
    for (const member of node.namedChildren) {
      if (member.type === "call_signature" && !add(member.childForFieldName("return_type")?.firstNamedChild ?? null, member)) return null;
    }
  } else return null;
  const result = agreedType(results);
  if (result) {
    const inner = agreedType(curried);
    return curried.size === 0 || (inner !== null && splitTypeArguments(inner).head === splitTypeArguments(result).head) ? result : null;
  }
  return results.size === 0 && agreedType(curried) ? `>${agreedType(curried)!}` : null;
}

/** The one type of a set; overloads that differ only in generic arguments (`Effect<A>`, `Effect<B>`) agree on the bare type. */
function agreedType(types: ReadonlySet<string>): string | null {
  if (types.size === 1) return [...types][0]!;
  const heads = new Set([...types].map((type) => splitTypeArguments(type).head));
  return heads.size === 1 ? [...heads][0]! : null;
}

/** `(a) => R` as a return annotation: `>R` (calling the result yields `R`). */
export function curriedResult(annotation: SyntaxNode, own: TypeParameters, enclosing: Enclosing): string | null {
  let type: SyntaxNode | null = annotation.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  while (type?.type === "parenthesized_type") type = type.firstNamedChild;
  if (type?.type !== "function_type") return null;
  const result = bound(typePath(type.childForFieldName("return_type"), true), new Map([...own, ...typeParameters(type)]), enclosing);
  return result ? `>${result}` : null;
}

/** A `this` return annotation: `this` (the resolver reads it as the receiver's type). */
export function returnsThis(annotation: SyntaxNode): string | null {
  const type = annotation.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  return type?.type === "this_type" ? "this" : null;
}

/** `extends`/`implements` targets of a class or interface, the parts of a type alias (`= A & B<C>`). */
export function basesOf(node: SyntaxNode): string[] {
  const bases: string[] = [];
  const addType = (type: SyntaxNode | null) => {
    if (!type) return;
    if (type.type === "intersection_type") for (const part of type.namedChildren) addType(part);
    else {
      const path = typePath(type.type === "nested_type_identifier" ? type : type);
      if (path) bases.push(path);
    }
  };
  if (node.type === "type_alias_declaration") {
    const value = node.childForFieldName("value");
    const union = value ? unionParts(value) : null;
    // `= A | B`: one base `A|B` (a member call runs the member of whichever it holds).
    if (union) bases.push(union.join("|"));
    else addType(value);
    return bases;
  }
  for (const child of node.namedChildren) {
    if (child.type === "class_heritage") {
      for (const clause of child.namedChildren) {
        if (clause.type === "extends_clause") {
          const value = clause.childForFieldName("value");
          if (!value) continue;
          if (value.type === "call_expression") {
            const callee = value.childForFieldName("function");
            if (callee && IDENTIFIER_PATH.test(callee.text)) bases.push(`${callee.text}()`);
          } else if (IDENTIFIER_PATH.test(value.text)) bases.push(value.text);
        } else if (clause.type === "implements_clause") for (const type of clause.namedChildren) addType(type);
        else if (IDENTIFIER_PATH.test(clause.text)) bases.push(clause.text); // JavaScript: `extends Base` without a clause node
      }
    } else if (child.type === "extends_type_clause" || child.type === "extends_clause") {
      for (const type of child.namedChildren) addType(type);
    }
  }
  return bases;
}

/** The parts of a union of named types (`A<X> | B | null` → [A, B]); null when any part is not a named type. */
export function unionParts(node: SyntaxNode): string[] | null {
  if (node.type !== "union_type") return null;
  const parts: string[] = [];
  // `A | B | C` nests to the left, one level per member: an explicit stack, not recursion, so a
  // generated union of thousands of members cannot overflow the call stack.
  const pending: SyntaxNode[] = [node];
  let named = true;
  for (let part = pending.pop(); part !== undefined && named; part = pending.pop()) {
    if (part.type === "union_type") {
      const children = part.namedChildren;
      for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
    } else if (!/^(?:undefined|null)$/u.test(part.text)) {
      const path = typePath(part);
      if (path) parts.push(path);
      named = path !== null;
    }
  }
  return named && parts.length > 1 ? [...new Set(parts)] : null;
}

/**
 * `Map<?,Store>` → head `Map`, args [`?`, `Store`] (the notation `typePath(…, true)` writes;
 * nested arguments stay whole); a trailing `[]` stays on the head (`A<B>[]` → `A[]`, [`B`]).
 */
export function splitTypeArguments(path: string): { head: string; args: string[] } {
  const open = path.indexOf("<");
  if (open < 0) return { head: path, args: [] };
  const close = path.lastIndexOf(">");
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = start; i < close; i++) {
    const char = path[i];
    if (char === "<") depth++;
    else if (char === ">") depth--;
    else if (char === "," && depth === 0) {
      args.push(path.slice(start, i));
      start = i + 1;
    }
  }
  args.push(path.slice(start, close));
  return { head: path.slice(0, open) + path.slice(close + 1), args };
}

/** Explicit type arguments of a call or `new` (`Service<Store>(…)` → `<Store>`), as `typePath(…, true)` writes them. */
export function typeArgumentsOf(node: SyntaxNode): string {
  const args = node.childForFieldName("type_arguments")?.namedChildren;
  if (!args || args.length === 0) return "";
  const paths = args.map((arg) => typePath(arg, true) ?? "?");
  return paths.some((path) => path !== "?") ? `<${paths.join(",")}>` : "";
}

/** `xs[i]` / `for (x of xs)` with `xs: A[]`: `A`; of a member (`T#xs`), `T#xs[]`: the element of its declared type. */
export function elementOf(type: string | null): string | null {
  if (!type) return null;
  if (type.endsWith("[]")) return type.slice(0, -2);
  const last = type.slice(type.lastIndexOf("#") + 1);
  return type.includes("#") && /^[\p{L}_$][\w$]*$/u.test(last) ? `${type}[]` : null;
}

/**
 * What a tagged template of a callable type yields: the result of its call signature whose
 * first parameter is a `TemplateStringsArray` (`` sql`…` `` on `{ (strings: TemplateStringsArray): Statement<A>; (name: string): Identifier }`
 * is a `Statement`, whatever the other signatures return), or null.
 */
export function taggedTemplateResult(body: SyntaxNode | null): string | null {
  let node = body;
  while (node?.type === "parenthesized_type") node = node.firstNamedChild;
  if (node?.type !== "object_type" && node?.type !== "interface_body") return null;
  const results = new Set<string>();
  for (const member of node.namedChildren) {
    if (member.type !== "call_signature") continue;
    const first = member.childForFieldName("parameters")?.namedChildren.find((parameter) => parameter.type === "required_parameter");
    if (first?.childForFieldName("type")?.firstNamedChild?.text !== "TemplateStringsArray") continue;
    const path = bound(typePath(member.childForFieldName("return_type"), true), typeParameters(member), null);
    if (!path) return null;
    results.add(path);
  }
  return agreedType(results);
}

/**
 * `this["Rebuild"]` as a member's declared result: the type the enclosing interface or class
 * declares for its property `Rebuild`, a type parameter standing for its constraint
 * (`readonly Rebuild: Rebuild` with `Rebuild extends Top` is a `Top`), or null.
 */
export function thisLookup(annotation: SyntaxNode, member: SyntaxNode): string | null {
  const type = annotation.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  if (type?.type !== "lookup_type" || type.namedChildren[0]?.type !== "this_type") return null;
  const key = type.namedChildren[1];
  const name = key?.type === "literal_type" && key.firstNamedChild?.type === "string" ? key.firstNamedChild.firstNamedChild?.text : undefined;
  if (!name) return null;
  let owner = member.parent;
  for (let depth = 0; owner && depth < 3 && !OWNER_DECLARATIONS.has(owner.type); depth++) owner = owner.parent;
  if (!owner || !OWNER_DECLARATIONS.has(owner.type)) return null;
  const property = owner
    .childForFieldName("body")
    ?.namedChildren.find((child) => PROPERTY_DECLARATIONS.has(child.type) && propertyName(child.childForFieldName("name")) === name);
  return property ? bound(typePath(property.childForFieldName("type"), true), typeParameters(owner), null) : null;
}

const PROPERTY_DECLARATIONS = new Set(["property_signature", "public_field_definition"]);

/** `Rebuild`, `"Rebuild"`: a property's name as written without quotes. */
function propertyName(node: SyntaxNode | null): string | undefined {
  if (node?.type === "string") return node.firstNamedChild?.text;
  return node?.type === "property_identifier" ? node.text : undefined;
}

const OWNER_DECLARATIONS = new Set(["interface_declaration", "class_declaration", "abstract_class_declaration"]);

/**
 * `class Generator extends Context.Service<Generator, Shape>()("id") {}`: the class value is
 * what the factory call made, `Context.Service()<Generator,Shape>` (explicit type arguments
 * kept: a `yield*` of the class reads its result from them), or null.
 */
export function classFactory(node: SyntaxNode): string | null {
  const heritage = node.namedChildren.find((child) => child.type === "class_heritage");
  const clause = heritage?.namedChildren.find((child) => child.type === "extends_clause");
  const value = clause?.childForFieldName("value");
  const inner = value?.type === "call_expression" ? value.childForFieldName("function") : null;
  const factory = inner?.type === "call_expression" ? inner.childForFieldName("function") : null;
  if (!factory || !IDENTIFIER_PATH.test(factory.text)) return null;
  const args = typeArgumentsOf(inner!);
  return args ? `${factory.text}()${args}` : null;
}

/**
 * A type written as an unconstrained type parameter P of a signature (a callback's parameter
 * in `flatMap<A, B>(self: Effect<A>, f: (a: A) => Effect<B>)`, the result of
 * `getRef<A>(ref: Reference<A>): A`, `A | undefined` too): the argument P is inferred from,
 * `@k` when parameter k is typed P itself, `@k<>` when P is one of the type arguments of
 * parameter k's type (the resolver picks the one with the member used). Null otherwise.
 */
export function boundByArgument(annotation: SyntaxNode | null, parametersOf: () => readonly SyntaxNode[], skip: number, own: TypeParameters): string | null {
  let name = annotation?.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  while (name?.type === "parenthesized_type") name = name.firstNamedChild;
  if (name?.type === "union_type") {
    const parts = name.namedChildren.filter((part) => !/^(?:undefined|null)$/u.test(part.text));
    name = parts.length === 1 ? parts[0]! : null;
  }
  if (name?.type !== "type_identifier" || own.get(name.text) !== null) return null;
  const parameters = parametersOf();
  for (let k = 0; k < parameters.length; k++) {
    if (k === skip) continue;
    let declared = parameters[k]!.childForFieldName("type")?.firstNamedChild ?? null;
    while (declared?.type === "parenthesized_type" || declared?.type === "readonly_type") declared = declared.firstNamedChild;
    if (declared?.type === "type_identifier" && declared.text === name.text) return `@${k}`;
    const args = declared?.type === "generic_type" ? declared.childForFieldName("type_arguments")?.namedChildren : undefined;
    if (args?.some((arg) => arg.text === name!.text)) return `@${k}<>`;
  }
  return null;
}

/** Parameters that take an argument (a `this` parameter takes none). */
export function argumentParameters(list: SyntaxNode | null): SyntaxNode[] {
  return (list?.namedChildren ?? []).filter(
    (parameter) =>
      (parameter.type === "required_parameter" || parameter.type === "optional_parameter") && parameter.childForFieldName("pattern")?.type !== "this",
  );
}

/** `f()#@(=a)#m()` → `f()#m()`: a type expression without the argument steps calls record for generic results. */
export function withoutArguments(text: string): string {
  if (!text.includes("#@(")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith("#@(", i)) {
      let depth = 0;
      let j = i + 2;
      for (; j < text.length; j++) {
        if (text[j] === "(") depth++;
        else if (text[j] === ")" && --depth === 0) break;
      }
      i = j;
      continue;
    }
    out += text[i];
  }
  return out;
}
