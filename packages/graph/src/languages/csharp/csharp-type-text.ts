/** Written C# types as the type paths the call resolver follows. */

/** Keyword types: nothing in an index declares them. */
const PREDEFINED = new Set([
  "bool",
  "byte",
  "sbyte",
  "char",
  "decimal",
  "double",
  "float",
  "int",
  "uint",
  "nint",
  "nuint",
  "long",
  "ulong",
  "short",
  "ushort",
  "object",
  "string",
  "void",
  "dynamic",
  "var",
]);
const PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;
/** Longer type texts are generic towers or tuples, never a plain path. */
const MAX_TYPE_TEXT = 240;

/**
 * `global::A.B<T>.C?` -> `A.B.C`: whitespace, `global::`, `@` escapes, generic arguments
 * and a nullable mark removed. Null for keyword types, arrays, tuples, pointers and
 * anything else that is not a dotted name.
 */
export function typePath(text: string): string | null {
  if (text.length > MAX_TYPE_TEXT) return null;
  let type = text
    .replace(/\s+/gu, "")
    .replace(/^global::/u, "")
    .replace(/@/gu, "");
  for (let previous = ""; previous !== type && type.includes("<");) {
    previous = type;
    type = type.replace(/<[^<>]*>/gu, "");
  }
  type = type.replace(/\?$/u, "");
  return PATH.test(type) && !PREDEFINED.has(type) ? type : null;
}

/** An identifier as declared: `@class` names `class`. */
export function identifierName(text: string): string {
  return text.startsWith("@") ? text.slice(1) : text;
}
