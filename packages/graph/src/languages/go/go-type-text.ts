import type { SyntaxNode } from "../../parser-registry";

/**
 * Go type and import-path text, read the way the call resolver follows it: a named type's
 * path without pointers or type arguments, and the name an import binds.
 */

const TYPE_PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)?$/u;

/**
 * Predeclared types: a value of one has no members in the index, so a receiver typed by one
 * is known and unresolvable rather than unknown.
 */
export const PREDECLARED_TYPES: ReadonlySet<string> = new Set([
  "any",
  "bool",
  "byte",
  "comparable",
  "complex64",
  "complex128",
  "error",
  "float32",
  "float64",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "rune",
  "string",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
]);

/** Removes a trailing balanced `[…]` (type arguments), or returns null when unbalanced. */
function withoutTypeArguments(text: string): string | null {
  if (!text.endsWith("]")) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const char = text[i];
    if (char === "]") depth++;
    else if (char === "[" && --depth === 0) return text.slice(0, i).trimEnd();
  }
  return null;
}

/**
 * The named type a type expression denotes, as a path: `*Store` -> `Store`,
 * `*pkg.Client` -> `pkg.Client`, `List[int]` / `(*List[T])` -> `List`. Null for
 * composite types (slices, maps, channels, functions, literal structs), whose members are
 * not a declaration's.
 */
export function goTypeName(text: string): string | null {
  let type = text.trim();
  for (let previous = ""; previous !== type;) {
    previous = type;
    type = type.replace(/^\*\s*/u, "").trim();
    if (type.startsWith("(") && type.endsWith(")")) type = type.slice(1, -1).trim();
  }
  const base = withoutTypeArguments(type);
  if (base === null || base.startsWith("[")) return null;
  const path = base.replace(/\s*\.\s*/gu, ".");
  return TYPE_PATH.test(path) ? path : null;
}

/**
 * The package name an import binds when it gives none: the path's last element, without a
 * major-version element (`/v2`) or a `.vN` suffix (`gopkg.in/yaml.v3`), and with the
 * `go-` prefix and `-go` suffix repositories put on the package name taken off. It is
 * what the imported package declares in all but unusual cases (the file's `package`
 * clause decides, and it is in another file).
 */
export function goPackageBinding(path: string): string {
  const elements = path.split("/").filter(Boolean);
  let last = elements.at(-1) ?? path;
  if (/^v\d+$/u.test(last) && elements.length > 1) last = elements.at(-2)!;
  last = last
    .replace(/\.v\d+$/u, "")
    .replace(/^go-/u, "")
    .replace(/[-.]go$/u, "");
  const identifier = last.replace(/[^\p{L}\p{N}_]/gu, "_");
  return identifier === "" ? path : identifier;
}

/** Index of the `]` closing the `[` at `open`, or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "[") depth++;
    else if (text[i] === "]" && --depth === 0) return i;
  }
  return -1;
}

/**
 * The element type a collection type holds, as `T[]` (the resolver's element notation):
 * `[]*Conn`, `[8]Conn`, `map[string]*Conn`, `chan Conn`, `<-chan Conn` -> `Conn[]`. Null
 * for anything else, and for collections of collections or of unnamed types.
 */
export function goElementType(text: string): string | null {
  const type = text.trim();
  let element: string | null = null;
  if (type.startsWith("[")) {
    const close = closingBracket(type, 0);
    if (close > 0) element = type.slice(close + 1);
  } else if (type.startsWith("map[")) {
    const close = closingBracket(type, 3);
    if (close > 0) element = type.slice(close + 1);
  } else {
    const channel = /^(?:<-\s*)?chan\b(?:\s*<-)?\s*(.*)$/su.exec(type);
    if (channel) element = channel[1]!;
  }
  if (element === null) return null;
  const name = goTypeName(element);
  return name === null || PREDECLARED_TYPES.has(name) ? null : `${name}[]`;
}

export const SIMPLE_PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;

/**
 * A declared type as the path the resolver follows, or a collection's element as `T[]`;
 * null for predeclared, other composite and type-parameter types.
 */
export function declaredType(node: SyntaxNode | null | undefined, typeParameters: ReadonlySet<string> = new Set()): string | null {
  if (!node) return null;
  const text = node.text;
  const path = goTypeName(text);
  if (path === null) {
    const element = goElementType(text);
    return element !== null && !typeParameters.has(element.slice(0, -2)) ? element : null;
  }
  if (PREDECLARED_TYPES.has(path) || typeParameters.has(path)) return null;
  return path;
}

/** Type parameter names of a declaration (`[K comparable, V any]`), which name no declared type. */
export function typeParameterNames(list: SyntaxNode | null): Set<string> {
  const names = new Set<string>();
  for (const declaration of list?.namedChildren ?? []) {
    if (declaration.type !== "type_parameter_declaration") continue;
    for (const name of declaration.childrenForFieldName("name")) names.add(name.text);
  }
  return names;
}

/** The type parameters a method's receiver names (`(p *Pair[K, V])`: K and V). */
export function receiverTypeParameters(receiver: SyntaxNode | null): Set<string> {
  const text = receiver?.text ?? "";
  const open = text.indexOf("[");
  if (open < 0) return new Set();
  return new Set(
    text
      .slice(open + 1, text.lastIndexOf("]"))
      .split(",")
      .map((part) => part.trim())
      .filter((part) => SIMPLE_PATH.test(part)),
  );
}

/** The first result's type path: `*Store`, `(s *Store, err error)`. */
export function firstResult(result: SyntaxNode | null, typeParameters: ReadonlySet<string>): string | null {
  if (!result) return null;
  if (result.type !== "parameter_list") return declaredType(result, typeParameters);
  const first = result.namedChildren.find((child) => child.type === "parameter_declaration");
  return declaredType(first?.childForFieldName("type"), typeParameters);
}

/** Embedded fields (`Base`, `*pkg.Other`) and embedded interfaces: the type path of each. */
export function embeddedType(node: SyntaxNode): string | null {
  const type = node.type === "field_declaration" ? node.childForFieldName("type") : node.namedChildCount === 1 ? node.firstNamedChild : null;
  if (!type || !["type_identifier", "qualified_type", "generic_type", "pointer_type"].includes(type.type)) return null;
  return goTypeName(node.type === "field_declaration" ? node.text.replace(/\s*(?:`[^`]*`|"(?:[^"\\]|\\.)*")\s*$/u, "") : type.text);
}

/** The type a conversion, composite literal or `new` in an assertion constructs. */
export function assertedType(value: SyntaxNode): string | null {
  const text = value.text.replace(/\s+/gu, "");
  const conversion = /^\(\*([\p{L}_][\p{L}\p{N}_]*)(?:\[[^\]]*\])?\)\(nil\)$/u.exec(text);
  if (conversion) return conversion[1]!;
  const literal = /^&?([\p{L}_][\p{L}\p{N}_]*)(?:\[[^\]]*\])?\{.*\}$/su.exec(text);
  if (literal) return literal[1]!;
  const created = /^new\(([\p{L}_][\p{L}\p{N}_]*)(?:\[[^\]]*\])?\)$/u.exec(text);
  return created ? created[1]! : null;
}
