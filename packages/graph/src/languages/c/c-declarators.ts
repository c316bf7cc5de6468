import type { SyntaxNode } from "../../parser-registry";

/**
 * Reading C and C++ declarators. A declaration names its entities inside nested
 * declarators (`*`, `&`, `[]`, `(…)`, `= value`), so `char **name(void)` is a function
 * named `name` and `int (*handler)(int)` a variable named `handler`; these helpers peel the
 * wrappers off.
 */

/** Declarators that wrap another one without changing what it declares. */
const WRAPPERS = new Set([
  "pointer_declarator",
  "reference_declarator",
  "array_declarator",
  "init_declarator",
  "attributed_declarator",
  "parenthesized_declarator",
]);

/** Nodes that are the declared name itself. */
const NAMES = new Set(["identifier", "field_identifier", "type_identifier", "qualified_identifier", "destructor_name", "operator_name", "template_function"]);

/** The declarator a wrapper holds: its `declarator` field, else (C++ `&x`, `(x)`) its last named child. */
function inner(node: SyntaxNode): SyntaxNode | null {
  return node.childForFieldName("declarator") ?? node.namedChildren.at(-1) ?? null;
}

/**
 * The function declarator a declarator declares a function with (`f(int)`, `*f(void)`,
 * `&get() const`), or null: a variable, a function pointer (`(*fp)(int)`, whose name sits in
 * parentheses) or an array.
 */
export function functionDeclaratorOf(declarator: SyntaxNode | null): SyntaxNode | null {
  let current = declarator;
  for (let depth = 0; current && depth < 32; depth++) {
    if (current.type === "function_declarator") {
      const name = current.childForFieldName("declarator");
      return name && NAMES.has(name.type) ? current : null;
    }
    if (current.type !== "pointer_declarator" && current.type !== "reference_declarator" && current.type !== "attributed_declarator") return null;
    current = inner(current);
  }
  return null;
}

/** The name node a declarator declares, through every wrapper (function declarators included). */
export function declaredName(declarator: SyntaxNode | null): SyntaxNode | null {
  let current = declarator;
  for (let depth = 0; current && depth < 32; depth++) {
    if (NAMES.has(current.type)) return current;
    if (current.type === "function_declarator") current = current.childForFieldName("declarator");
    else if (WRAPPERS.has(current.type)) current = inner(current);
    else return null;
  }
  return null;
}

/** Whether a declarator declares a pointer (or C++ reference) to its type, before any function or array part. */
export function isIndirect(declarator: SyntaxNode | null): boolean {
  let current = declarator;
  for (let depth = 0; current && depth < 32; depth++) {
    if (current.type === "pointer_declarator" || current.type === "reference_declarator") return true;
    if (current.type !== "init_declarator" && current.type !== "attributed_declarator") return false;
    current = inner(current);
  }
  return false;
}

/** `A<T>` -> `A`, `a::B` -> `B`: the plain name of a type written as a record's name. */
export function plainName(node: SyntaxNode): string {
  if (node.type === "template_type") return plainName(node.childForFieldName("name") ?? node);
  if (node.type === "qualified_identifier") {
    const name = node.childForFieldName("name");
    return name ? plainName(name) : node.text;
  }
  return node.text.replace(/\s+/gu, "");
}

/**
 * The segments of a qualified name (`a::B<T>::f` -> a, B, f); template arguments dropped,
 * a leading `::` (the global namespace) gives no segment.
 */
export function qualifiedSegments(node: SyntaxNode): string[] {
  const segments: string[] = [];
  let current: SyntaxNode | null = node;
  for (let depth = 0; current && depth < 32; depth++) {
    if (current.type !== "qualified_identifier") {
      segments.push(plainName(current));
      break;
    }
    const scope = current.childForFieldName("scope");
    if (scope) segments.push(scope.type === "qualified_identifier" ? qualifiedSegments(scope).join("::") : plainName(scope));
    current = current.childForFieldName("name");
  }
  return segments.flatMap((segment) => segment.split("::")).filter((segment) => segment !== "");
}

const TYPE_NODES = new Set(["type_identifier", "qualified_identifier", "template_type"]);
/** Owning and shared pointers: a call through one reaches the pointee's members. */
const SMART_POINTERS = new Set(["unique_ptr", "shared_ptr", "weak_ptr", "auto_ptr"]);

/** A declared type as a path the resolver follows (`app::Store`), or null for primitives and placeholders. */
export function typePath(node: SyntaxNode | null | undefined): string | null {
  if (!node || !TYPE_NODES.has(node.type)) return null;
  if (node.type === "type_identifier") return node.text;
  const segments = qualifiedSegments(node);
  const last = segments.at(-1);
  if (last && SMART_POINTERS.has(last)) {
    // `std::unique_ptr<Store>`: the first template argument.
    const template = node.type === "template_type" ? node : node.descendantsOfType("template_type")[0];
    const argument = template?.childForFieldName("arguments")?.firstNamedChild;
    return argument?.type === "type_descriptor" ? typePath(argument.childForFieldName("type")) : null;
  }
  return segments.length > 0 ? segments.join("::") : null;
}
