import type { SymbolKind } from "../../extraction-types";

/**
 * Symbol kinds of Java that `SymbolKind` does not list yet. The index already treats
 * `record` and `annotation` as types that hold members and `record` as constructible; a
 * field has a kind of its own because a Java field and a method may share a name (`size`
 * and `size()`), and the resolver must never take a field for the target of a call, as it
 * would a `property` or a `const`. The casts go once `SymbolKind` lists the three.
 */
export const RECORD_KIND = "record" as string as SymbolKind;
export const ANNOTATION_KIND = "annotation" as string as SymbolKind;
export const FIELD_KIND = "field" as string as SymbolKind;

/** The kinds of Java type declarations, by node type. */
export const TYPE_DECLARATION_KINDS: Readonly<Record<string, SymbolKind>> = {
  class_declaration: "class",
  interface_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: RECORD_KIND,
  annotation_type_declaration: ANNOTATION_KIND,
};
