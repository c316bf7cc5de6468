import type { SyntaxNode } from "../../parser-registry";

/**
 * Reading PHP names: namespaces are written with `\` (`\App\Models\User`), class and
 * function names are matched case-insensitively by PHP but kept as written here.
 */

/** Node types that spell a class, function or namespace name. */
export const NAME_NODES: ReadonlySet<string> = new Set(["name", "qualified_name", "namespace_name", "relative_name"]);

/** `\App\Models\User` -> `App\Models\User`; whitespace and the leading `\` dropped. */
export function namespacePath(text: string): string {
  return text.replace(/\s+/gu, "").replace(/^\\/u, "");
}

/** The last segment of a (possibly qualified) name: `\App\Models\User` -> `User`. */
export function shortName(text: string): string {
  const path = namespacePath(text);
  return path.slice(path.lastIndexOf("\\") + 1);
}

/** The namespace part of a qualified name as written, without the trailing `\`: `\App\Models\User` -> `\App\Models`; null when unqualified. */
export function qualifierOf(text: string): string | null {
  const compact = text.replace(/\s+/gu, "");
  const cut = compact.lastIndexOf("\\");
  return cut <= 0 ? (cut === 0 ? "\\" : null) : compact.slice(0, cut);
}

/** `$repo` -> `repo`. */
export function variableName(node: SyntaxNode | null | undefined): string | null {
  if (node?.type !== "variable_name") return null;
  const text = node.text;
  return text.startsWith("$") ? text.slice(1) : text;
}

/** Reserved words that stand for a class inside its body. */
export const RELATIVE_CLASSES: ReadonlySet<string> = new Set(["self", "static", "parent"]);

/** Types that never hold members a call can land on. */
const SCALAR_TYPES = new Set([
  "array",
  "bool",
  "boolean",
  "callable",
  "false",
  "float",
  "double",
  "int",
  "integer",
  "iterable",
  "mixed",
  "never",
  "null",
  "object",
  "resource",
  "string",
  "true",
  "void",
]);

/**
 * A class name as written, resolved for `self`/`static`/`parent`; null for scalars and for
 * qualified names (`\Exception`, `\App\Repo`): the resolver finds a class by its short
 * name through the file's imports and namespace, which is what an unqualified name (or
 * `namespace\Repo`) means in PHP, but a qualified one names a namespace the file may not
 * be in (`\RuntimeException` is PHP's own, not the project's `Exception\RuntimeException`).
 */
export function classOfName(text: string, self: string | null, parent: string | null): string | null {
  const compact = text.replace(/\s+/gu, "").replace(/^namespace\\/iu, "");
  if (compact.includes("\\")) return null;
  const name = compact;
  const lower = name.toLowerCase();
  if (lower === "self" || lower === "static") return self;
  if (lower === "parent") return parent;
  if (SCALAR_TYPES.has(lower) || name === "") return null;
  return name;
}

/**
 * A declared type's text as the class it names, for receiver types: `?Repo` and
 * `Repo|null` give `Repo`; scalars, qualified names (see `classOfName`), unions of two
 * classes and intersections give null. `self`/`static` are the enclosing class, `parent`
 * its base, when the caller knows them.
 */
export function classOfTypeText(text: string, self: string | null, parent: string | null): string | null {
  const compact = text.replace(/\s+/gu, "").replace(/^\?/u, "");
  if (compact.includes("&") || compact.includes("(")) return null;
  const parts = compact.split("|").filter((part) => part.toLowerCase() !== "null");
  return parts.length === 1 ? classOfName(parts[0]!, self, parent) : null;
}
