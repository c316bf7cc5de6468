import type { SymbolKind } from "../../extraction-types";

/** The kinds of Java type declarations, by node type. */
export const TYPE_DECLARATION_KINDS: Readonly<Record<string, SymbolKind>> = {
  class_declaration: "class",
  interface_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: "record",
  annotation_type_declaration: "annotation",
};
